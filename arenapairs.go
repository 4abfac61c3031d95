package main

// A bot's points over a match or a gauntlet, pair by pair: what its elo
// line and -sprt's test count (docs/results.md).

// pairScores are a bot's points over a match, game by game (games 2k and
// 2k+1 from 0 are pair k), gathered into what its elo line needs: its
// record, its pairs' pentanomial counts, and the games whose pair's other
// game is not in (yet). Only those wait in memory, so a match of any
// length keeps a few numbers.
type pairScores struct {
	games wdl
	pairs pentanomial
	lone  map[int][2]float64 // by pair: its games' points, -1 for the one not in
}

// add counts game i in which the bot scored points; when it completes
// its pair, ok is true with the pair's points, its first game's first.
func (p *pairScores) add(i int, points float64) (first, second float64, ok bool) {
	p.games.add(points)
	if p.lone == nil {
		p.lone = map[int][2]float64{}
	}
	pair, ok := p.lone[i/2]
	if !ok {
		pair = [2]float64{-1, -1}
	}
	pair[i%2] = points
	if pair[0] < 0 || pair[1] < 0 {
		p.lone[i/2] = pair
		return 0, 0, false
	}
	delete(p.lone, i/2)
	p.pairs.add(pair[0], pair[1])
	return pair[0], pair[1], true
}

// figures are the bot's rating difference, its 95% interval and the games
// they count. The interval is the first of these that the games can give:
//   - the pentanomial one over pairs, when every game played has its
//     pair's other game played too and the pairs' scores vary;
//   - when every pair scored exactly half its points (split 1-1, by two
//     draws or a win and a loss) and every game without its pair is a
//     draw, the sample shows no variance of the independent trials:
//     drawsInterval's exact bound, over those trials (the pairs and the
//     lone games), since none of them scored above or below half;
//   - otherwise the trinomial one over games, when some game lacks its
//     pair (an odd number of games, an interrupted run), or the pairs
//     cannot estimate the variance (a single pair, every pair alike). It
//     takes a pair's games for independent trials, which they are not
//     quite, but it is the only estimate left, and it does not claim
//     certainty.
func (p *pairScores) figures() (diff, plusMinus float64, n int) {
	n = p.games.games()
	if n > 0 && len(p.lone) == 0 {
		if diff, plusMinus, ok := eloIntervalPairs(p.pairs); ok {
			return diff, plusMinus, n
		}
	}
	complete, loneDraws := 0, 0
	for _, c := range p.pairs {
		complete += c
	}
	for _, pair := range p.lone {
		if max(pair[0], pair[1]) == 0.5 {
			loneDraws++
		}
	}
	if n > 0 && p.pairs[2] == complete && loneDraws == len(p.lone) {
		return 0, drawsInterval(complete + len(p.lone)), n
	}
	diff, plusMinus = eloInterval(p.games)
	return diff, plusMinus, n
}
