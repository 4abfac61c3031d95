package main

import (
	"encoding/xml"
	"fmt"
	"image"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot"
)

// svgTexts reads an SVG with encoding/xml and returns its root's name
// and the text of every <text> element.
func svgTexts(t *testing.T, path string) (root string, texts []string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := xml.NewDecoder(f)
	inText := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s is not XML: %v", path, err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = tok.Name.Local
			}
			inText = tok.Name.Local == "text"
		case xml.EndElement:
			inText = false
		case xml.CharData:
			if inText {
				texts = append(texts, strings.TrimSpace(string(tok)))
			}
		}
	}
	return root, texts
}

// pngImage decodes a PNG with image/png.
func pngImage(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s is not a PNG: %v", path, err)
	}
	return img
}

// inked is the share of an image's pixels that are not white.
func inked(img image.Image) float64 {
	b := img.Bounds()
	n := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if r, g, bl, _ := img.At(x, y).RGBA(); r < 0xf000 || g < 0xf000 || bl < 0xf000 {
				n++
			}
		}
	}
	return float64(n) / float64(b.Dx()*b.Dy())
}

// The standings as a picture: an SVG that names every player, a sweep
// drawn against its key with its bot, key and every value named, and a
// PNG that decodes to a picture 1600 pixels wide with something drawn
// and a blank margin; the SVG declares the same size.
func TestWritePlot(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	dir := t.TempDir()
	field := []eloPoint{{"alphabeta:depth=7:eval=threats", 212, 99}, {"mcts:c=1.4", 40, 80},
		{"student-07-with-a-long-name-here", -30, 120}, {"idle", math.NaN(), math.NaN()}, {"random", -400, math.NaN()}}
	sweep := []eloPoint{{"alphabeta:depth=3", 20, 50}, {"alphabeta:depth=1", -300, 90}, {"alphabeta:depth=2", -10, 60}}
	for _, tc := range []struct {
		name   string
		pts    []eloPoint
		words  []string // what the SVG must say
		height int      // in pixels, 1600 wide
	}{
		{"field", field, []string{"alphabeta:depth=7:eval=threats", "mcts:c=1.4", "student-07-with-a-long-name-here", "idle", "random",
			"-300", "0", "+300"}, 700}, // 3 + 0.8 cm a row, 16 cm wide
		{"sweep", sweep, []string{"Connect Four, alphabeta:depth=1..3: Elo against depth, 95% intervals", "depth", "1", "2", "3"}, 1000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			svg, pngFile := filepath.Join(dir, tc.name+".svg"), filepath.Join(dir, tc.name+".png")
			for _, file := range []string{svg, pngFile} {
				if err := writePlot(file, plotTitle("Connect Four", tc.pts), "Elo", tc.pts, plotSize{}); err != nil {
					t.Fatal(err)
				}
			}
			root, texts := svgTexts(t, svg)
			if root != "svg" {
				t.Errorf("root element %q, want svg", root)
			}
			for _, w := range tc.words {
				if !slices.Contains(texts, w) {
					t.Errorf("the SVG does not say %q: %q", w, texts)
				}
			}
			img := pngImage(t, pngFile)
			if b := img.Bounds(); b.Dx() != 1600 || b.Dy() != tc.height {
				t.Errorf("a PNG of %dx%d, want 1600x%d", b.Dx(), b.Dy(), tc.height)
			}
			if ink := inked(img); ink < 0.005 || ink > 0.5 {
				t.Errorf("%.3f of the PNG is drawn on, want a picture, not a blank or a blot", ink)
			}
			// The margin is blank: no label, tick or title starts at the
			// edge (0.4 cm at 254 dots an inch is 40 pixels).
			b := img.Bounds()
			for _, r := range []image.Rectangle{{b.Min, image.Pt(b.Max.X, 35)}, {image.Pt(0, b.Max.Y-35), b.Max},
				{b.Min, image.Pt(35, b.Max.Y)}, {image.Pt(b.Max.X-35, 0), b.Max}} {
				if ink := inked(img.(interface {
					SubImage(image.Rectangle) image.Image
				}).SubImage(r)); ink != 0 {
					t.Errorf("%.4f of the margin %v is drawn on", ink, r)
				}
			}
			if head, _ := os.ReadFile(svg); !strings.Contains(string(head), fmt.Sprintf(`<svg width="1600" height="%d"`, tc.height)) {
				t.Errorf("the SVG is not declared 1600x%d:\n%.300s", tc.height, head)
			}
		})
	}
	if err := writePlot(filepath.Join(dir, "none.svg"), "t", "Elo", nil, plotSize{}); err == nil {
		t.Error("no players drawn without an error")
	}
}

// The Elo axis reads 0 at 0, signed elsewhere; its range leaves room
// around every interval, so that no cap lies on the frame.
func TestPlotAxes(t *testing.T) {
	var labels []string
	for _, tk := range (eloTicks{}).Ticks(-300, 300) {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	if !slices.Equal(labels, []string{"-300", "0", "+300"}) {
		t.Errorf("tick labels %q, want -300, 0, +300", labels)
	}
	pts := []eloPoint{{"a", 200, 100}, {"b", -100, 50}, {"c", -250, math.NaN()}}
	p := plot.New()
	if err := rowsPlot(p, pts); err != nil {
		t.Fatal(err)
	}
	if p.X.Min >= -250 || p.X.Max <= 300 {
		t.Errorf("rows: Elo axis %v..%v, want room beyond -250..+300", p.X.Min, p.X.Max)
	}
	p = plot.New()
	if err := sweepPlot(p, pts, []float64{1, 2, 3}); err != nil {
		t.Fatal(err)
	}
	if p.Y.Min >= -250 || p.Y.Max <= 300 {
		t.Errorf("sweep: Elo axis %v..%v, want room beyond -250..+300", p.Y.Min, p.Y.Max)
	}
}

// A sweep is one bot, one key varying over numbers, the rest alike.
func TestSweepOf(t *testing.T) {
	names := func(ns ...string) []eloPoint {
		pts := make([]eloPoint, len(ns))
		for i, n := range ns {
			pts[i].name = n
		}
		return pts
	}
	for _, tc := range []struct {
		pts  []eloPoint
		key  string
		xs   []float64
		isIt bool
	}{
		{names("alphabeta:depth=2", "alphabeta:depth=1", "alphabeta:depth=8"), "depth", []float64{2, 1, 8}, true},
		{names("mcts:c=0.5:playouts=100", "mcts:c=1.4:playouts=100"), "c", []float64{0.5, 1.4}, true},
		{names("mcts:c=0.5:playouts=100", "mcts:c=1.4:playouts=200"), "", nil, false}, // two keys vary
		{names("alphabeta:depth=2", "minimax:depth=3"), "", nil, false},               // two bots
		{names("alphabeta:eval=segments", "alphabeta:eval=threats"), "", nil, false},  // not numbers
		{names("alphabeta:depth=2", "alphabeta:depth=2:order=none"), "", nil, false},  // other keys
		{names("alphabeta:depth=2"), "", nil, false},                                  // one player
		{names("alphabeta:depth=2", "alphabeta:depth=02"), "", nil, false},            // one value twice
		{names("alphabeta", "random"), "", nil, false},
	} {
		key, xs, ok := sweepOf(tc.pts)
		if ok != tc.isIt || key != tc.key || !slices.Equal(xs, tc.xs) {
			t.Errorf("%v: %q %v %v, want %q %v %v", tc.pts, key, xs, ok, tc.key, tc.xs, tc.isIt)
		}
	}
}

// -plot from the command line, for a match, a gauntlet and -rate; a file
// that is neither .svg nor .png is refused before any game.
func TestPlotFlag(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "games.jsonl")
	for _, tc := range []struct {
		args  []string
		file  string
		names []string
	}{
		{[]string{"-x", "minimax", "-o", "random", "-games", "4", "-out", out}, "match.svg", []string{"minimax", "random"}},
		{[]string{"-gauntlet", "minimax", "-tournament", "random,local", "-games", "2"}, "gauntlet.svg", []string{"minimax", "random", "local"}},
		{[]string{"-rate", out}, "rate.png", nil},
	} {
		file := filepath.Join(dir, tc.file)
		var stdout, stderr strings.Builder
		args := append(append([]string{"-seed", "1", "-jobs", "2"}, tc.args...), "-plot", file)
		if tc.args[0] == "-rate" {
			args = append(tc.args, "-plot", file)
		}
		if code := run(args, strings.NewReader(""), &stdout, &stderr); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
		}
		if strings.HasSuffix(file, ".png") {
			pngImage(t, file)
			continue
		}
		_, texts := svgTexts(t, file)
		for _, n := range tc.names {
			if !slices.Contains(texts, n) {
				t.Errorf("%s does not name %s: %q", tc.file, n, texts)
			}
		}
	}
	var stdout, stderr strings.Builder
	if code := run([]string{"-x", "random", "-o", "random", "-games", "2", "-plot", "x.pdf"}, strings.NewReader(""), &stdout, &stderr); code != 2 ||
		!strings.Contains(stderr.String(), "expected a file name ending in .svg or .png") {
		t.Errorf("-plot x.pdf: exit %d, %q", code, stderr.String())
	}
	// -plot-size: the PNG's pixels and the SVG's declared size; a size
	// it does not take is refused before any game.
	for _, file := range []string{"sized.png", "sized.svg"} {
		file = filepath.Join(dir, file)
		if code := run([]string{"-rate", out, "-plot", file, "-plot-size", "800x500"}, strings.NewReader(""), &stdout, &stderr); code != 0 {
			t.Fatalf("-plot-size 800x500: exit %d: %s", code, stderr.String())
		}
		if strings.HasSuffix(file, ".png") {
			if b := pngImage(t, file).Bounds(); b.Dx() != 800 || b.Dy() != 500 {
				t.Errorf("-plot-size 800x500 drew %dx%d", b.Dx(), b.Dy())
			}
		} else if svg, _ := os.ReadFile(file); !strings.Contains(string(svg), `<svg width="800" height="500"`) {
			t.Errorf("-plot-size 800x500: the SVG says %.200s", svg)
		}
	}
	for _, v := range []string{"10x10", "800", "800x", "x500", "800x500x2", "-800x500", "800*500"} {
		stderr.Reset()
		if code := run([]string{"-x", "random", "-o", "random", "-games", "2", "-plot", "x.png", "-plot-size", v}, strings.NewReader(""), &stdout, &stderr); code != 2 ||
			!strings.Contains(stderr.String(), "expected "+plotSizeAccepts) {
			t.Errorf("-plot-size %s: exit %d, %q", v, code, stderr.String())
		}
	}
}

// Whatever -plot-size is given, the parser never panics, and what it
// takes is a size within its bounds that reads back the same.
func FuzzParsePlotSize(f *testing.F) {
	for _, s := range []string{"1920x1080", "100X100", " 800x500 ", "10001x5", "x", "", "1e3x1e3", "٣٠٠x٣٠٠"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		size, ok := parsePlotSize(v)
		if !ok {
			return
		}
		if size.w < 100 || size.w > 10000 || size.h < 100 || size.h > 10000 {
			t.Fatalf("%q gave %+v", v, size)
		}
		if again, ok := parsePlotSize(fmt.Sprintf("%dx%d", size.w, size.h)); !ok || again != size {
			t.Fatalf("%q gave %+v, which reads back as %+v", v, size, again)
		}
	})
}

// Every text of an SVG names a font list, and is held to the width it
// was laid out at: a viewer without Liberation Serif draws the title in
// another face, whole, within the picture (issue 57: "...depth, 95").
func TestSVGFontsTitleWhole(t *testing.T) {
	t.Parallel()
	pts := []eloPoint{{"alphabeta:depth=3", 20, 50}, {"alphabeta:depth=1", -300, 90}, {"alphabeta:depth=2", -10, 60}}
	title := plotTitle("Connect Four", pts)
	file := filepath.Join(t.TempDir(), "p.svg")
	if err := writePlot(file, title, "Elo", pts, plotSize{}); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(strings.NewReader(string(raw)))
	var viewW float64
	found := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		attr := map[string]string{}
		for _, a := range el.Attr {
			attr[a.Name.Local] = a.Value
		}
		switch el.Name.Local {
		case "svg":
			var x, y, h float64
			fmt.Sscanf(attr["viewBox"], "%g %g %g %g", &x, &y, &viewW, &h)
		case "text":
			if !strings.Contains(attr["style"], "font-family:"+svgFontList+";") {
				t.Errorf("a text's style %q does not name the font list %s", attr["style"], svgFontList)
			}
			if attr["textLength"] == "" || attr["lengthAdjust"] != "spacingAndGlyphs" {
				t.Errorf("a text without its width: %v", el.Attr)
			}
			var text string
			if err := dec.DecodeElement(&text, &el); err != nil {
				t.Fatal(err)
			}
			if text != title {
				continue
			}
			found = true
			var x, w float64
			fmt.Sscanf(attr["x"], "%g", &x)
			fmt.Sscanf(attr["textLength"], "%g", &w)
			if x <= 0 || w <= 0 || x+w > viewW {
				t.Errorf("the title runs from %g for %g points in a picture %g points wide", x, w, viewW)
			}
		}
	}
	if !found {
		t.Errorf("no text reads the whole title %q:\n%.2000s", title, raw)
	}
	if viewW == 0 {
		t.Errorf("no viewBox in:\n%.300s", raw)
	}
}
