//go:build browser

package e2e

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// buildWasmTest builds pkg's test binary for the browser (GOOS=js GOARCH=wasm, with the extra
// go test flags) into dir, unless the environment variable prebuilt names one to use instead.
func buildWasmTest(t *testing.T, prebuilt, dir, pkg string, flags ...string) string {
	t.Helper()
	if bin := os.Getenv(prebuilt); bin != "" {
		return bin
	}
	bin := filepath.Join(dir, filepath.Base(pkg)+".wasm")
	cmd := exec.Command("go", append(append([]string{"test", "-c", "-o", bin}, flags...), pkg)...)
	cmd.Dir = RepoRoot(t)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building %s's test binary for wasm: %v\n%s", pkg, err, out)
	}
	return bin
}

// serveWasmTest serves, until the test ends, a page that runs the wasm test binary bin with
// argv (after the program name) and env, and sets window.exitCode (-1: it did not start) and
// window.done once the binary has ended. Its output goes to the page's console, a line a
// message. It returns the page's URL.
func serveWasmTest(t *testing.T, bin string, argv []string, env map[string]string) string {
	t.Helper()
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	args, _ := json.Marshal(append([]string{"test"}, argv...))
	vars, _ := json.Marshal(env)
	mux := http.NewServeMux()
	mux.HandleFunc("/wasm_exec.js", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFile(w, r, filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	})
	mux.HandleFunc("/test.wasm", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/wasm")
		http.ServeFile(w, r, bin)
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte(`<!doctype html><script src="/wasm_exec.js"></script><script>
window.done = false;
window.exitCode = null;
const go = new Go();
go.argv = ` + string(args) + `;
go.env = ` + string(vars) + ` || {};
go.exit = (code) => { window.exitCode = code; };
WebAssembly.instantiateStreaming(fetch("/test.wasm"), go.importObject)
  .then(r => go.run(r.instance))
  .catch(e => { console.log("error: " + e); window.exitCode = -1; })
  .finally(() => { window.done = true; });
</script>`))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL
}
