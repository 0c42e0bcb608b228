//go:build !js

package rtc

import (
	"context"
	"errors"
	"io"
	"net/http"
)

// getBody fetches url, returning the status and the body, refusing a body over limit bytes.
func getBody(ctx context.Context, url string, limit int) (int, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, int64(limit)+1))
	if err != nil {
		return 0, nil, err
	}
	if len(body) > limit {
		return 0, nil, errors.New("answer too long")
	}
	return resp.StatusCode, body, nil
}
