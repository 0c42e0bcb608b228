package session

import "testing"

func TestInviteFromFragment(t *testing.T) {
	cases := []struct {
		fragment, link string
		ok             bool
	}{
		{"/join/AAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB.CCCCCCCCCCCCCCCC", "#/join/AAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB.CCCCCCCCCCCCCCCC", true},
		{"/join", "", false}, // natively nothing is kept
		{"", "", false},
		{"/joinery", "", false},
		{"/lobby", "", false},
	}
	for _, tc := range cases {
		if link, ok := InviteFromFragment(tc.fragment); link != tc.link || ok != tc.ok {
			t.Errorf("InviteFromFragment(%q) = %q, %v; want %q, %v", tc.fragment, link, ok, tc.link, tc.ok)
		}
	}
}
