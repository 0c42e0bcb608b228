//go:build !wasm

package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"miskatonic/app"
)

func init() {
	commands["static"] = command{summary: "write the app as static files to dist/ (Netlify)", run: runStatic}
	commands["size"] = command{summary: "print a file's size raw, gzip and brotli (default web/app.wasm); -packages: a wasm's code by Go package, -against YARDSTICK.wasm: what each costs beyond it", run: runSize}
}

func runStatic(args []string) error {
	fs := flag.NewFlagSet("static", flag.ContinueOnError)
	out := fs.String("out", "dist", "directory to write")
	web := fs.String("web", "web", "directory holding app.wasm, wasm_exec.js, icons and CSS")
	relayURL := fs.String("relay", os.Getenv(app.EnvRelayURL), "wss:// URL of a relay of our own to use instead of public transports (env "+app.EnvRelayURL+")")
	transports := signalFlag(fs, DefaultPublicSignal)
	ice := iceFlag(fs, "default")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	spec, err := transports()
	if err != nil {
		return err
	}
	if *relayURL != "" && os.Getenv(EnvSignal) == "" && !flagSet(fs, "signal") {
		spec = *relayURL // a deployment that names its relay keeps it, as before
	}
	rtcCfg, iceSet, err := ice()
	if err != nil {
		return err
	}
	if err := staticCredentials(&rtcCfg, spec); err != nil {
		return err
	}
	pageICE := "" // the page's own default, unless the operator chose
	if iceSet {
		pageICE = iceJSON(rtcCfg)
	}
	files, err := app.WriteStatic(*out, app.Config{WebDir: *web, RelayURL: spec, ICE: pageICE})
	if err != nil {
		return err
	}
	for _, f := range files {
		fmt.Printf("%-28s %s\n", f.Path, sizes(f.Raw, f.Gzip, f.Brotl))
	}
	if spec == "" {
		spec = "our relay at the same origin /signal"
	}
	fmt.Printf("wrote %s (version %s, signaling through %s; ICE %s)\n", *out, app.Version, spec, iceJSON(rtcCfg))
	return nil
}

// flagSet reports whether the command line set flag name.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

func runSize(args []string) error {
	name := "web/app.wasm"
	byPkg := len(args) > 0 && args[0] == "-packages"
	if byPkg {
		args = args[1:]
	}
	against := ""
	if byPkg && len(args) > 1 && args[0] == "-against" {
		against, args = args[1], args[2:]
	}
	if len(args) > 1 {
		return fmt.Errorf("usage: miskatonic size [-packages [-against YARDSTICK.wasm]] [FILE]")
	}
	if len(args) == 1 {
		name = args[0]
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	if byPkg {
		// Code bytes per Go package, from the wasm's name section (build without -s).
		pkgs, data, err := packageSizes(b)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		printPackageSizes(os.Stdout, modulePaths(pkgs, buildModules()), data, 30)
		if parts, err := dataParts(b); err == nil {
			printDataParts(os.Stdout, parts)
		} else {
			fmt.Printf("data not broken down: %v\n", err)
		}
		if against != "" {
			yb, err := os.ReadFile(against)
			if err != nil {
				return err
			}
			base, _, err := packageSizes(yb)
			if err != nil {
				return fmt.Errorf("%s: %w", against, err)
			}
			printAgainst(os.Stdout, modulePaths(pkgs, buildModules()), modulePaths(base, buildModules()), functionCount(b), functionCount(yb), 40)
		}
		return nil
	}
	// The brotli figure is what is shipped: the build's best-quality copy when it sits beside
	// the file (make wasm writes it), else the quality a server would compress at.
	br, note := app.BrotliOf(name, b), " (from "+filepath.Base(name)+".br)"
	if br == nil {
		br, note = app.Brotli(b), " (quality 9)"
	}
	fmt.Printf("%s: %s%s\n", name, sizes(int64(len(b)), int64(len(app.Gzip(b))), int64(len(br))), note)
	return nil
}

func sizes(raw, gz, br int64) string {
	return fmt.Sprintf("raw %s  gzip %s  brotli %s", mib(raw), mib(gz), mib(br))
}

func mib(n int64) string {
	if n < 100<<10 {
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%.2f MiB", float64(n)/(1<<20))
}
