package gamelog

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"strconv"
)

// maxHeader bounds the header line ReadHeader reads.
const maxHeader = 64 << 10

// ReadHeader reads only a log's header line: which game it is, with which
// options (to pick the game before reading the rest).
func ReadHeader(r io.Reader) (Header, error) {
	var h Header
	br := bufio.NewReaderSize(r, maxHeader)
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		// A compressed log: its header is the first line decompressed.
		z, err := gzip.NewReader(br)
		if err != nil {
			return h, fmt.Errorf("read log header: gzip: %w", err)
		}
		br = bufio.NewReaderSize(io.LimitReader(z, maxHeader+1), maxHeader)
	}
	line, err := br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		return h, fmt.Errorf("read log header: the header line is longer than %d KiB", maxHeader>>10)
	}
	if err != nil {
		return h, fmt.Errorf("read log header: no complete header line (%d bytes)", len(line))
	}
	if err := parseHeader(line[:len(line)-1], &h); err != nil {
		return h, fmt.Errorf("bad log header: %s", clipWords(err.Error()))
	}
	if h.Format != FormatName {
		return h, fmt.Errorf("not a schnell log (format %s, want %q)", clip(strconv.Quote(h.Format)), FormatName)
	}
	return h, nil
}
