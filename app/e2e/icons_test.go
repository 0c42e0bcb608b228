//go:build browser

package e2e

import (
	"bytes"
	"context"
	"encoding/base64"
	"flag"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

var writeIcons = flag.Bool("icons", false, "render web/icon*.svg to the PNG icons (run after editing the SVGs)")

// TestRenderIcons draws the PNG icons from the SVGs with Chromium itself, so the raster icons
// always match the vector one and no image tool is needed. Only with -icons.
func TestRenderIcons(t *testing.T) {
	if !*writeIcons {
		t.Skip("renders icons only with -icons")
	}
	web := filepath.Join(RepoRoot(t), "web")
	b := NewBrowser(t, "icons", Viewport{Width: 512, Height: 512, Scale: 1})
	for _, c := range []struct {
		svg, png string
		size     int64
	}{
		{"icon.svg", "icon-192.png", 192},
		{"icon.svg", "icon-512.png", 512},
		{"icon-maskable.svg", "icon-maskable-512.png", 512},
	} {
		svg, err := os.ReadFile(filepath.Join(web, c.svg))
		if err != nil {
			t.Fatal(err)
		}
		page := fmt.Sprintf(`<html><body style="margin:0;background:transparent"><img width="%d" height="%d" src="data:image/svg+xml;base64,%s"></body></html>`,
			c.size, c.size, base64.StdEncoding.EncodeToString(svg))
		b.Do(
			chromedp.EmulateViewport(c.size, c.size, chromedp.EmulateScale(1)),
			chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
				_, err := chromedp.Call(ctx, emulation.SetDefaultBackgroundColorOverride,
					emulation.SetDefaultBackgroundColorOverrideParams{Color: &rgbaTransparent})
				return err
			}),
			chromedp.Navigate("data:text/html;base64,"+base64.StdEncoding.EncodeToString([]byte(page))),
		)
		shot, err := chromedp.Run(b.Ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(shot))
		if err != nil {
			t.Fatal(err)
		}
		if got := img.Bounds().Dx(); int64(got) != c.size {
			t.Fatalf("%s: rendered %d px wide, want %d", c.png, got, c.size)
		}
		if err := os.WriteFile(filepath.Join(web, c.png), shot, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote web/%s (%d bytes)", c.png, len(shot))
	}
}

// rgbaTransparent is a see-through page background, so the icon's rounded corners stay clear.
// Alpha is not exactly 0 because the protocol type omits a zero alpha, which then means opaque.
var rgbaTransparent = cdp.RGBA{A: 0.0001}
