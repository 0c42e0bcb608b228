package table

import (
	"fmt"
	"os"
)

var debugLogf = func(f string, a ...any) {
	if os.Getenv("TABLE_DEBUG") != "" {
		fmt.Printf(f+"\n", a...)
	}
}
