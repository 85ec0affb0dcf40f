package gamelog

import (
	"bufio"
	"fmt"
	"io"
)

// maxHeader bounds the header line ReadHeader reads.
const maxHeader = 64 << 10

// ReadHeader reads only a log's header line: which game it is, with which
// options (to pick the game before reading the rest).
func ReadHeader(r io.Reader) (Header, error) {
	var h Header
	line, err := bufio.NewReaderSize(r, maxHeader).ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		return h, fmt.Errorf("read log header: the header line is longer than %d KiB", maxHeader>>10)
	}
	if err != nil {
		return h, fmt.Errorf("read log header: no complete header line (%d bytes)", len(line))
	}
	if err := parseHeader(line[:len(line)-1], &h); err != nil {
		return h, fmt.Errorf("bad log header: %w", err)
	}
	if h.Format != FormatName {
		return h, fmt.Errorf("not a schnell log (format %q, want %q)", h.Format, FormatName)
	}
	return h, nil
}
