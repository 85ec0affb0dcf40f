package sea_test

import (
	"fmt"
	"strings"

	"github.com/schnell-wargames/schnell/sea"
)

func ExamplePicture_Text() {
	p := sea.Picture{Table: sea.Table6x4, Marks: []sea.Mark{
		{Shape: sea.Shape{Centre: sea.Cm(30, 100), Heading: 90, Length: 60, Beam: 20}, Label: "S38", Kind: "own"},
		{Shape: sea.Shape{Centre: sea.Cm(150, 30), Heading: 315, Length: 120, Beam: 30}, Label: "SS1", Kind: "enemy"},
	}, Lines: []sea.Line{{From: sea.Cm(30, 100), To: sea.Cm(150, 30), Kind: "shot"}}}
	fmt.Println(strings.Join(p.Text(60), "\n"))
	// Output:
	// +----------------------------------------------------------+
	// |                                                          |
	// |                                                          |
	// |                                                          |
	// |         >S38                                             |
	// |            ...                                           |
	// |               ....                                       |
	// |                   ...                                    |
	// |                      ...                                 |
	// |                         ....                             |
	// |                             ...                          |
	// |                                ....                      |
	// |                                    ...                   |
	// |                                       ....               |
	// |                                           ...            |
	// |                                              .\SS1       |
	// |                                                          |
	// |                                                          |
	// |                                                          |
	// |                                                          |
	// +----------------------------------------------------------+
	// 183 by 122 cm; one character is about 3.1 cm across.
	// >S38 at (30, 100) cm, heading 90°
	// \SS1 at (150, 30) cm, heading 315°
}
