//go:build linux && !wasm

// Package natlab holds the NAT matrix (issue 22): real NAT routers in network namespaces
// (testdata/net.sh, from ../shared/tools/natlab), real pion on both sides running the app's
// own session.StartHost and session.Join, our relay with its TURN server, mosquitto and a Nostr
// relay "on the internet". Every case must seat the guest and play a whole game, through TURN,
// and with TURN off through the relayed fallback over each signaling transport.
package natlab

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"miskatonic/app/rtc"
)

// natCase is one situation: the NAT of the host's router and of the guest's, and where the
// guest sits (nat-g behind its own router, or nat-gi on the host router's isolated segment).
type natCase struct {
	name        string
	host, guest string // net.sh NAT modes
	guestNS     string
	directWorks bool // measured with STUN alone (natlab README)
	// arkham: play a whole Arkham Ritual game (host, guest and a bot) here, for move latency
	// over each path; the other cases play highcard (one move each), to stay within minutes.
	arkham bool
}

var cases = []natCase{
	{"full cone both", "full", "full", "nat-g", true, true},
	{"port-restricted both", "prc", "prc", "nat-g", true, false},
	{"symmetric host", "sym", "prc", "nat-g", false, false},
	{"symmetric guest", "prc", "sym", "nat-g", false, false},
	{"symmetric both", "sym", "sym", "nat-g", false, true},
	{"UDP blocked at host", "udpblock", "prc", "nat-g", false, false},
	{"UDP blocked at guest", "prc", "udpblock", "nat-g", false, false},
	{"same NAT, no hairpin", "prc", "prc", "nat-gi", false, false},
}

// A mode is how the links may go: TURN (our relay's TURN, fallback off, so the case proves
// TURN alone), or TURN off with the relayed fallback over one signaling transport.
type mode struct {
	name    string
	spec    func(pub pubAddrs) string
	rtc     func(pub pubAddrs) rtc.Config
	relayed bool // a case where direct fails must go relayed
}

type pubAddrs struct{ relay, turn, mqtt, nostr string }

func stunOnly(p pubAddrs) rtc.Config {
	return rtc.Config{Servers: []rtc.ICEServer{{URLs: []string{"stun:" + pubIP + ":3478"}}}}
}

var modes = []mode{
	{name: "TURN", spec: func(p pubAddrs) string { return p.relay }, rtc: func(p pubAddrs) rtc.Config {
		c := stunOnly(p)
		c.Credentials, c.NoRelayed = p.turn, true
		return c
	}},
	{name: "relayed/relay", spec: func(p pubAddrs) string { return p.relay }, rtc: stunOnly, relayed: true},
	{name: "relayed/mqtt", spec: func(p pubAddrs) string { return "mqtt:" + p.mqtt }, rtc: stunOnly, relayed: true},
	{name: "relayed/nostr", spec: func(p pubAddrs) string { return "nostr:" + p.nostr }, rtc: stunOnly, relayed: true},
}

// TestNATMatrix runs every case in every mode (needs root, ip, iptables, conntrack; CI installs
// them). It prints per case the time from opening the link to seated and the guest's move
// latency, and per relayed table our relay's bytes and heap.
func TestNATMatrix(t *testing.T) {
	if os.Getenv("NATLAB_ROLE") != "" {
		t.Skip("inside a lab process")
	}
	if os.Geteuid() != 0 {
		t.Skip("the NAT matrix needs root (network namespaces); CI runs it as root")
	}
	for _, tool := range []string{"ip", "iptables", "conntrack"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("the NAT matrix needs %s (apt-get install iproute2 iptables conntrack)", tool)
		}
	}
	unlock, err := Lock()
	if err != nil {
		t.Fatalf("natlab lock: %v", err)
	}
	t.Cleanup(unlock)
	netsh, _ := filepath.Abs("testdata/net.sh")
	lab := func(args ...string) {
		t.Helper()
		if out, err := exec.Command("bash", append([]string{netsh}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("net.sh %v: %v\n%s", args, err, out)
		}
	}
	lab("up")
	t.Cleanup(func() { exec.Command("bash", netsh, "down").Run() })

	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	pub := startProc(t, exe, "nat-pub", map[string]string{"NATLAB_ROLE": "pub"}, true)
	ready := pub.expect(t, "READY", 20*time.Second)
	addrs := pubAddrs{}
	for _, f := range strings.Fields(ready)[1:] {
		k, v, _ := strings.Cut(f, "=")
		switch k {
		case "relay":
			addrs.relay = v
		case "turn":
			addrs.turn = v
		case "mqtt":
			addrs.mqtt = v
		case "nostr":
			addrs.nostr = v
		}
	}
	stats := func() (routed, heap int64) {
		pub.send("stats")
		for _, f := range strings.Fields(pub.expect(t, "STATS", 5*time.Second))[1:] {
			k, v, _ := strings.Cut(f, "=")
			n, _ := strconv.ParseInt(v, 10, 64)
			switch k {
			case "routed":
				routed = n
			case "heap":
				heap = n
			}
		}
		return
	}

	var report []string
	for _, c := range cases {
		lab("nat", "rh", c.host)
		lab("nat", "rg", c.guest)
		lab("hairpin", "off")
		for _, m := range modes {
			t.Run(c.name+"/"+m.name, func(t *testing.T) {
				r0, h0 := stats()
				line := runGame(t, exe, c, m, addrs)
				r1, h1 := stats()
				if line.path == string(rtc.PathRelayed) && m.name == "relayed/relay" {
					line.extra = fmt.Sprintf("; relay carried %d KiB for the table, heap %+d KiB", (r1-r0)>>10, (h1-h0)>>10)
				}
				game := "highcard"
				if c.arkham {
					game = "arkham"
				}
				s := fmt.Sprintf("%-22s %-14s seated in %5d ms via %-8s %-8s guest moves p50 %6.1f ms p99 %6.1f ms (%d)%s",
					c.name, m.name, line.seatedMs, line.path, game, float64(line.p50us)/1000, float64(line.p99us)/1000, line.moves, line.extra)
				t.Log(s)
				report = append(report, s)
			})
		}
	}
	t.Logf("FIGURE NAT matrix\n%s", strings.Join(report, "\n"))
}

type gameLine struct {
	seatedMs     int64
	path         string
	p50us, p99us int64
	moves        int
	extra        string
}

// runGame runs one host and one guest to the end of a highcard game and checks what each said.
func runGame(t *testing.T, exe string, c natCase, m mode, p pubAddrs) gameLine {
	cfg, _ := json.Marshal(m.rtc(p))
	env := map[string]string{"NATLAB_SPEC": m.spec(p), "NATLAB_RTC": string(cfg), "NATLAB_GAME": "highcard"}
	if c.arkham {
		env["NATLAB_GAME"] = "arkham"
	}
	env["NATLAB_ROLE"] = "host"
	host := startProc(t, exe, "nat-h", env, false)
	inv := strings.TrimPrefix(host.expect(t, "INVITE", 20*time.Second), "INVITE ")
	env["NATLAB_ROLE"], env["NATLAB_LINK"] = "guest", inv
	guest := startProc(t, exe, c.guestNS, env, false)
	var line gameLine
	f := strings.Fields(guest.expect(t, "SEATED", 60*time.Second))
	if len(f) < 3 {
		t.Fatalf("guest: %v", f)
	}
	line.seatedMs, _ = strconv.ParseInt(f[1], 10, 64)
	line.path = f[2]
	hp := strings.Fields(host.expect(t, "HOSTPATH", 10*time.Second))
	if hp[1] != line.path {
		t.Errorf("the host sees the link as %s, the guest as %s", hp[1], line.path)
	}
	if line.path == string(rtc.PathRelayed) && hp[2] == "notices=0" {
		t.Error("the host was not told the link is relayed")
	}
	lat := strings.Fields(guest.expect(t, "LAT", 120*time.Second))
	line.p50us, _ = strconv.ParseInt(lat[1], 10, 64)
	line.p99us, _ = strconv.ParseInt(lat[2], 10, 64)
	line.moves, _ = strconv.Atoi(lat[3])
	guest.expect(t, "OVER", 30*time.Second)
	host.expect(t, "OVER", 30*time.Second)
	switch {
	case m.relayed && !c.directWorks && line.path != string(rtc.PathRelayed):
		t.Errorf("with TURN off and no direct path, the link went %s", line.path)
	case !m.relayed && !c.directWorks && line.path != string(rtc.PathTURN):
		t.Errorf("with no direct path the TURN mode went %s", line.path)
	case c.directWorks && line.path != string(rtc.PathDirect):
		t.Errorf("a direct path was possible, the link went %s", line.path)
	}
	return line
}

// proc is one lab process and its "NATLAB " lines.
type proc struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
	mu    sync.Mutex
	log   []string
}

func startProc(t *testing.T, exe, ns string, env map[string]string, keep bool) *proc {
	t.Helper()
	cmd := exec.Command("ip", "netns", "exec", ns, exe, "-test.run", "^TestNAT(Pub|Peer)$", "-test.v", "-test.timeout", "10m")
	cmd.Env = os.Environ()
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	cmd.Stderr = cmd.Stdout
	p := &proc{cmd: cmd, in: in, lines: make(chan string, 64)}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		for sc.Scan() {
			l := sc.Text()
			p.mu.Lock()
			p.log = append(p.log, l)
			p.mu.Unlock()
			if rest, ok := strings.CutPrefix(l, "NATLAB "); ok {
				p.lines <- rest
			}
		}
		close(p.lines)
	}()
	stop := func() {
		in.Close()
		if !keep {
			cmd.Process.Kill()
		}
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	}
	t.Cleanup(stop)
	return p
}

func (p *proc) send(line string) { fmt.Fprintln(p.in, line) }

// expect waits for the process's next line starting with what; a FAIL line or the process's
// end fails the test with its output.
func (p *proc) expect(t *testing.T, what string, d time.Duration) string {
	t.Helper()
	timeout := time.After(d)
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				t.Fatalf("the process ended before %s:\n%s", what, p.output())
			}
			if strings.HasPrefix(l, "FAIL") {
				t.Fatalf("%s\n%s", l, p.output())
			}
			if strings.HasPrefix(l, what) {
				return l
			}
		case <-timeout:
			t.Fatalf("no %s in %v:\n%s", what, d, p.output())
		}
	}
}

func (p *proc) output() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return strings.Join(p.log, "\n")
}
