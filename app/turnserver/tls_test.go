//go:build !wasm

package turnserver_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/pion/turn/v2"

	"miskatonic/app/turnserver"
)

// selfSigned is a certificate for 127.0.0.1 and the pool that trusts it.
func selfSigned(t *testing.T) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "turn.test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, DNSNames: []string{"turn.test"},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	leaf, _ := x509.ParseCertificate(der)
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, pool
}

// TestTLSAllocation: with a certificate the server speaks TURN over TLS (turns:), handing out
// a turns: URL under the name given, and a client allocates through it.
func TestTLSAllocation(t *testing.T) {
	cert, pool := selfSigned(t)
	cfg := turnserver.LoopbackConfig()
	cfg.UDP, cfg.TCP, cfg.TLS, cfg.Certificate, cfg.Host = "", "", "127.0.0.1:0", &cert, "turn.test"
	srv := start(t, cfg)
	urls := srv.URLs()
	if len(urls) != 1 || !strings.HasPrefix(urls[0], "turns:turn.test:") || !strings.HasSuffix(urls[0], "?transport=tcp") {
		t.Fatalf("URLs %v", urls)
	}
	port := strings.TrimSuffix(strings.TrimPrefix(urls[0], "turns:turn.test:"), "?transport=tcp")
	conn, err := tls.Dial("tcp", "127.0.0.1:"+port, &tls.Config{RootCAs: pool, ServerName: "turn.test"})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	cred := srv.Credentials("tlsRoom")
	c, err := turn.NewClient(&turn.ClientConfig{
		STUNServerAddr: "127.0.0.1:" + port, TURNServerAddr: "127.0.0.1:" + port,
		Conn: turn.NewSTUNConn(conn), Username: cred.Username, Password: cred.Password, LoggerFactory: quiet(),
	})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Listen(); err != nil {
		t.Fatal(err)
	}
	relay, err := c.Allocate()
	if err != nil {
		t.Fatalf("allocate over TLS: %v", err)
	}
	defer relay.Close()
	if st := srv.Stats(); st.Allocations != 1 {
		t.Fatalf("stats %+v", st)
	}
	if _, err := turnserver.New(turnserver.Config{TLS: "127.0.0.1:0"}); err == nil {
		t.Fatal("TLS without a certificate was accepted")
	}
}
