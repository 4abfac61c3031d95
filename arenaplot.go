package main

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"html"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Standings as a picture (-plot FILE.svg or FILE.png): each player's Elo
// with its 95% interval, one row a player, best at the top; or, when the
// players are one bot swept over one key (alphabeta:depth=1..8), Elo
// against the key's value as a line, which shows at a glance where more
// depth stops paying. Drawn with gonum.org/v1/plot, which writes both
// formats, lays out axes and ticks, and embeds its fonts, so the PNG
// needs no fonts installed.

// eloPoint is one player's rating in a picture; plusMinus is NaN for a
// point drawn without an interval (a reference at 0, or a bound).
type eloPoint struct {
	name           string
	elo, plusMinus float64
}

// plotExtensions are the formats -plot writes.
var plotExtensions = []string{".svg", ".png"}

// checkPlotFile says whether -plot can write file: by its extension.
func checkPlotFile(file string) error {
	if !slices.Contains(plotExtensions, strings.ToLower(filepath.Ext(file))) {
		return errors.New("not a .svg or .png file")
	}
	return nil
}

// plotSize is a picture's size in pixels (-plot-size WxH); zero for the
// default, plotWidth wide and as high as what it shows needs.
type plotSize struct{ w, h int }

// plotWidth is a picture's default width in pixels: sharp on a projector
// or a large screen (1600 pixels across a 1920-pixel projector), where
// the 605 pixels of a picture at the screen's 96 dots an inch were
// blurred when scaled up.
const plotWidth = 1600

// plotLayoutWidth is the width a picture is laid out in, whatever its
// size in pixels: the fonts, lines and margins keep their proportions to
// it, so a larger picture is the same picture, sharper. 16 cm reads well
// on paper and, at 12-point text, from the back of a room.
const plotLayoutWidth = 16 * vg.Centimeter

// plotSizeAccepts is what -plot-size takes, for help and errors.
const plotSizeAccepts = "WxH, the width and height in pixels, each from 100 to 10000, like 1920x1080"

// parsePlotSize reads -plot-size's value, "1920x1080"; ok is false for a
// value plotSizeAccepts does not take.
func parsePlotSize(v string) (size plotSize, ok bool) {
	w, h, ok := strings.Cut(strings.ToLower(strings.TrimSpace(v)), "x")
	width, err1 := strconv.Atoi(w)
	height, err2 := strconv.Atoi(h)
	if !ok || err1 != nil || err2 != nil || width < 100 || width > 10000 || height < 100 || height > 10000 {
		return plotSize{}, false
	}
	return plotSize{width, height}, true
}

// writePlot draws the points into file, a picture titled title whose
// Elo axis says what the ratings are relative to (axis), of size pixels
// (zero: the default). Points without a rating (NaN: a player without
// games) keep their row, empty.
func writePlot(file, title, axis string, pts []eloPoint, size plotSize) error {
	if len(pts) == 0 {
		return errors.New("no players to draw")
	}
	p := plot.New()
	p.Title.Text = title
	var err error
	var height vg.Length // for the layout width, when the size does not say
	if key, xs, ok := sweepOf(pts); ok {
		p.X.Label.Text, p.Y.Label.Text = key, axis
		err = sweepPlot(p, pts, xs)
		height = 10 * vg.Centimeter
	} else {
		p.X.Label.Text = axis
		err = rowsPlot(p, pts)
		height = vg.Length(3+0.8*float64(len(pts))) * vg.Centimeter
	}
	if err != nil {
		return err
	}
	styleForProjection(p)
	if size == (plotSize{}) {
		size = plotSize{plotWidth, int(math.Round(plotWidth * float64(height/plotLayoutWidth)))}
	}
	return savePlot(p, file, size)
}

// styleForProjection sets the text and the room around it: a title in a
// larger face with room above and below it, and axis labels clear of
// their ticks.
func styleForProjection(p *plot.Plot) {
	p.Title.TextStyle.Font.Size = vg.Points(14)
	p.Title.Padding = vg.Points(10)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font.Size = vg.Points(12)
		a.Label.Padding = vg.Points(6)
		a.Tick.Label.Font.Size = vg.Points(11)
	}
}

// plotMargin is the blank border of a picture: no label, tick or title
// starts at its edge.
const plotMargin = 0.4 * vg.Centimeter

// savePlot writes the plot to file as SVG or PNG of size pixels: laid out
// plotLayoutWidth wide with a plotMargin border, and drawn at the dots an
// inch that make it size.w pixels wide (PNG), or declared size.w by
// size.h pixels (SVG, which scales its drawing to that).
func savePlot(p *plot.Plot, file string, size plotSize) error {
	dpi := max(1, int(math.Round(float64(size.w)/float64(plotLayoutWidth/vg.Inch))))
	w := vg.Length(float64(size.w)/float64(dpi)) * vg.Inch
	h := vg.Length(float64(size.h)/float64(dpi)) * vg.Inch
	var c vg.CanvasWriterTo
	switch strings.ToLower(filepath.Ext(file)) {
	case ".png":
		c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(dpi))}
	default:
		c = vgsvg.New(w, h)
	}
	dc := draw.New(c)
	r := dc.Rectangle // white under the margin too: an SVG is transparent
	dc.FillPolygon(color.White, []vg.Point{r.Min, {X: r.Max.X, Y: r.Min.Y}, r.Max, {X: r.Min.X, Y: r.Max.Y}})
	p.Draw(draw.Crop(dc, plotMargin, -plotMargin, plotMargin, -plotMargin))
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return err
	}
	out := b.Bytes()
	if _, ok := c.(*vgsvg.Canvas); ok {
		out = svgFonts(svgSized(out, size))
	}
	return os.WriteFile(file, out, 0o644)
}

// svgSized is an SVG with its declared width and height set to size, in
// pixels: the drawing keeps its viewBox and scales to them.
func svgSized(svg []byte, size plotSize) []byte {
	head := svgSize.Find(svg)
	if head == nil {
		return svg
	}
	sized := fmt.Appendf(nil, `<svg width="%d" height="%d"`, size.w, size.h)
	return bytes.Replace(svg, head, sized, 1)
}

// svgFontList is the font list an SVG names: the face the picture was
// laid out in (gonum/plot's Liberation Serif), then the faces with the
// same widths (Tinos, Times New Roman), then any serif face.
const svgFontList = `'Liberation Serif',Tinos,'Times New Roman',Times,serif`

// svgText is a text of the SVG writer: its style's font family and size,
// and the text (HTML-escaped).
var svgText = regexp.MustCompile(`(<text [^>]*style="font-family:)Liberation Serif(;[^"]*font-size:([0-9.]+)px)">([^<]*)</text>`)

// svgFonts names a font list in every text of an SVG, and holds each
// text to the width it was laid out at (textLength), so that a face
// wider than Liberation Serif, where the viewer lacks it, neither cuts
// a title's end nor runs into a neighbour (docs/results.md). The SVG
// writer of gonum/plot names the one face it measured with, and can
// otherwise only embed the face (EmbedFonts), half a megabyte a picture.
func svgFonts(svg []byte) []byte {
	return svgText.ReplaceAllFunc(svg, func(m []byte) []byte {
		g := svgText.FindSubmatch(m)
		size, err := strconv.ParseFloat(string(g[3]), 64)
		if err != nil {
			return m
		}
		text := html.UnescapeString(string(g[4]))
		face := font.DefaultCache.Lookup(plot.DefaultFont, vg.Points(size))
		width := face.Width(text).Points()
		open := bytes.TrimSuffix(g[1], []byte("style=\"font-family:"))
		return fmt.Appendf(nil, `%stextLength="%.5g" lengthAdjust="spacingAndGlyphs" style="font-family:%s%s">%s</text>`,
			open, width, svgFontList, g[2], g[4])
	})
}

// svgSize is the width and height the SVG writer declares, in points.
var svgSize = regexp.MustCompile(`<svg width="[0-9.e+]+pt" height="[0-9.e+]+pt"`)

// rowsPlot draws one row a player, the first at the top: a point at its
// Elo and a bar across its interval, a dashed line at 0.
func rowsPlot(p *plot.Plot, pts []eloPoint) error {
	n := len(pts)
	names := make([]string, n)
	var xys plotter.XYs
	var errs plotter.XErrors
	var bars plotter.XYs
	for i, pt := range pts {
		row := float64(n - 1 - i)
		names[n-1-i] = pt.name
		if math.IsNaN(pt.elo) || math.IsInf(pt.elo, 0) {
			continue
		}
		xys = append(xys, plotter.XY{X: pt.elo, Y: row})
		if !math.IsNaN(pt.plusMinus) && !math.IsInf(pt.plusMinus, 0) {
			bars = append(bars, plotter.XY{X: pt.elo, Y: row})
			errs = append(errs, struct{ Low, High float64 }{pt.plusMinus, pt.plusMinus})
		}
	}
	p.NominalY(names...)
	p.Y.Min, p.Y.Max = -0.5, float64(n)-0.5
	p.X.Tick.Marker = eloTicks{}
	zero, err := plotter.NewLine(plotter.XYs{{X: 0, Y: -0.5}, {X: 0, Y: float64(n) - 0.5}})
	if err != nil {
		return err
	}
	zero.Dashes = []vg.Length{vg.Points(3), vg.Points(3)}
	zero.Color = color.Gray{Y: 160}
	p.Add(zero)
	if len(bars) > 0 {
		eb, err := plotter.NewXErrorBars(struct {
			plotter.XYer
			plotter.XErrorer
		}{bars, errs})
		if err != nil {
			return err
		}
		eb.LineStyle.Width = vg.Points(1.2)
		p.Add(eb)
	}
	if len(xys) > 0 {
		s, err := plotter.NewScatter(xys)
		if err != nil {
			return err
		}
		s.GlyphStyle.Shape = draw.CircleGlyph{}
		s.GlyphStyle.Radius = vg.Points(3)
		p.Add(s)
	}
	padRange(&p.X)
	return nil
}

// sweepPlot draws Elo against the swept key's values xs: a line through
// the points, a bar across each interval.
func sweepPlot(p *plot.Plot, pts []eloPoint, xs []float64) error {
	var xys, bars plotter.XYs
	var errs plotter.YErrors
	ticks := make([]plot.Tick, len(pts))
	order := make([]int, len(pts)) // the line goes by the key's value, not by rank
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(xs[a], xs[b]) })
	for k, i := range order {
		pt := pts[i]
		ticks[k] = plot.Tick{Value: xs[i], Label: strconv.FormatFloat(xs[i], 'f', -1, 64)}
		if math.IsNaN(pt.elo) || math.IsInf(pt.elo, 0) {
			continue
		}
		xys = append(xys, plotter.XY{X: xs[i], Y: pt.elo})
		if !math.IsNaN(pt.plusMinus) && !math.IsInf(pt.plusMinus, 0) {
			bars = append(bars, plotter.XY{X: xs[i], Y: pt.elo})
			errs = append(errs, struct{ Low, High float64 }{pt.plusMinus, pt.plusMinus})
		}
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	p.Y.Tick.Marker = eloTicks{}
	p.Add(plotter.NewGrid())
	if len(xys) > 0 {
		line, points, err := plotter.NewLinePoints(xys)
		if err != nil {
			return err
		}
		points.GlyphStyle.Shape = draw.CircleGlyph{}
		points.GlyphStyle.Radius = vg.Points(3)
		p.Add(line, points)
	}
	if len(bars) > 0 {
		eb, err := plotter.NewYErrorBars(struct {
			plotter.XYer
			plotter.YErrorer
		}{bars, errs})
		if err != nil {
			return err
		}
		p.Add(eb)
	}
	p.X.Min, p.X.Max = slices.Min(xs)-0.5, slices.Max(xs)+0.5
	padRange(&p.Y)
	return nil
}

// eloTicks are the Elo axis's ticks, signed as the tables sign them
// (+250, -250), but 0 as 0: the reference, neither above nor below.
type eloTicks struct{}

func (eloTicks) Ticks(min, max float64) []plot.Tick {
	ticks := plot.DefaultTicks{}.Ticks(min, max)
	for i, t := range ticks {
		if t.Label != "" {
			ticks[i].Label = signedElo(t.Value)
			if ticks[i].Label == "+0" {
				ticks[i].Label = "0"
			}
		}
	}
	return ticks
}

// padRange widens an axis's range by a twentieth of it on each side, so
// that no point, whisker or cap lies on the frame.
func padRange(a *plot.Axis) {
	pad := (a.Max - a.Min) / 20
	if pad == 0 {
		pad = 1
	}
	a.Min, a.Max = a.Min-pad, a.Max+pad
}

// sweepOf says whether the players are one bot swept over one key:
// the same bot, the same keys, and all values alike but one key's, each
// a number, all different. It returns the key and each player's value.
func sweepOf(pts []eloPoint) (key string, xs []float64, ok bool) {
	if len(pts) < 2 {
		return "", nil, false
	}
	specs := make([]specText, len(pts))
	for i, pt := range pts {
		s, err := splitSpec(pt.name)
		if err != nil {
			return "", nil, false
		}
		specs[i] = s
	}
	first := specs[0]
	for _, s := range specs[1:] {
		if s.name != first.name || len(s.pairs) != len(first.pairs) {
			return "", nil, false
		}
	}
	for k, kv := range first.pairs {
		differ := false
		for _, s := range specs[1:] {
			if s.pairs[k][0] != kv[0] {
				return "", nil, false
			}
			differ = differ || s.pairs[k][1] != kv[1]
		}
		if differ && key != "" {
			return "", nil, false // two keys vary
		}
		if differ {
			key = kv[0]
			xs = make([]float64, len(specs))
			for i, s := range specs {
				x, err := strconv.ParseFloat(s.pairs[k][1], 64)
				if err != nil || slices.Contains(xs[:i], x) {
					return "", nil, false
				}
				xs[i] = x
			}
		}
	}
	return key, xs, key != ""
}

// plotTitle is a picture's title: the game and the players, a sweep as
// it was given (alphabeta:depth=1..8).
func plotTitle(game string, pts []eloPoint) string {
	key, xs, ok := sweepOf(pts)
	if !ok {
		return fmt.Sprintf("%s: Elo with 95%% intervals", game)
	}
	s, _ := splitSpec(pts[0].name)
	var b strings.Builder
	b.WriteString(s.name)
	for _, kv := range s.pairs {
		v := kv[1]
		if kv[0] == key {
			v = strconv.FormatFloat(slices.Min(xs), 'f', -1, 64) + ".." + strconv.FormatFloat(slices.Max(xs), 'f', -1, 64)
		}
		b.WriteString(":" + kv[0] + "=" + v)
	}
	return fmt.Sprintf("%s, %s: Elo against %s, 95%% intervals", game, b.String(), key)
}
