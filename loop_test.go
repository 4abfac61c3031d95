package main

// botSeats seats bot x on X and bot o on O, both with budget b.
func botSeats(x, o Bot, b Budget) [3]seat {
	return [3]seat{X: botSeat{bot: x, label: x.Name(), budget: b}, O: botSeat{bot: o, label: o.Name(), budget: b}}
}

// resultLine is the original program's last line.
func resultLine(g Game) string { return winLine(g.Winner()) }
