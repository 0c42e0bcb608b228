//go:build !wasm

package relay

import "time"

// bucket is a token-bucket rate limit on frames read from one client.
type bucket struct {
	rate   float64
	burst  float64
	tokens float64
	last   time.Time
}

func (b *bucket) init(rate, burst float64, host bool) {
	b.rate, b.burst = rate, burst
	if host {
		b.rate *= 4
		b.burst *= 4
	}
	b.tokens = b.burst
}

// full reports whether the bucket has refilled completely by now.
func (b *bucket) full(now time.Time) bool {
	return b.last.IsZero() || b.tokens+now.Sub(b.last).Seconds()*b.rate >= b.burst
}

func (b *bucket) take(now time.Time) bool { return b.takeN(now, 1) }

// takeN takes n tokens, or none if there are not that many.
func (b *bucket) takeN(now time.Time, n float64) bool {
	if !b.last.IsZero() {
		b.tokens += now.Sub(b.last).Seconds() * b.rate
		if b.tokens > b.burst {
			b.tokens = b.burst
		}
	}
	b.last = now
	if b.tokens < n {
		return false
	}
	b.tokens -= n
	return true
}
