package main

import (
	"encoding/xml"
	"image"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
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
// PNG that decodes to a picture of sane size with something drawn.
func TestWritePlot(t *testing.T) {
	dir := t.TempDir()
	field := []eloPoint{{"alphabeta:depth=7:eval=threats", 212, 99}, {"mcts:c=1.4", 40, 80},
		{"student-07-with-a-long-name-here", -30, 120}, {"idle", math.NaN(), math.NaN()}, {"random", -400, math.NaN()}}
	sweep := []eloPoint{{"alphabeta:depth=3", 20, 50}, {"alphabeta:depth=1", -300, 90}, {"alphabeta:depth=2", -10, 60}}
	for _, tc := range []struct {
		name  string
		pts   []eloPoint
		words []string // what the SVG must say
	}{
		{"field", field, []string{"alphabeta:depth=7:eval=threats", "mcts:c=1.4", "student-07-with-a-long-name-here", "idle", "random"}},
		{"sweep", sweep, []string{"Connect Four, alphabeta:depth=1..3: Elo against depth, 95% intervals", "depth", "1", "2", "3"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			svg, pngFile := filepath.Join(dir, tc.name+".svg"), filepath.Join(dir, tc.name+".png")
			for _, file := range []string{svg, pngFile} {
				if err := writePlot(file, plotTitle("Connect Four", tc.pts), "Elo", tc.pts); err != nil {
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
			if b := img.Bounds(); b.Dx() < 300 || b.Dx() > 3000 || b.Dy() < 150 || b.Dy() > 3000 {
				t.Errorf("a PNG of %dx%d", b.Dx(), b.Dy())
			}
			if ink := inked(img); ink < 0.005 || ink > 0.5 {
				t.Errorf("%.3f of the PNG is drawn on, want a picture, not a blank or a blot", ink)
			}
		})
	}
	if err := writePlot(filepath.Join(dir, "none.svg"), "t", "Elo", nil); err == nil {
		t.Error("no players drawn without an error")
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
}
