package main

// matchEloFigures are the elo figures of the bot of -x from its points by
// game (-1 for a game not played), as a match gathers them (pairScores).
func matchEloFigures(points []float64) (diff, plusMinus float64, n int) {
	var p pairScores
	for i, pts := range points {
		if pts >= 0 {
			p.add(i, pts)
		}
	}
	return p.figures()
}

// matchElo is the elo line of the bot of -x from its points by game.
func matchElo(name string, points []float64) string {
	diff, plusMinus, n := matchEloFigures(points)
	return eloLine(name, diff, plusMinus, n)
}
