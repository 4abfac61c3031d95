module boardbots

go 1.26.0

require github.com/peterh/liner v1.2.3

require (
	github.com/clipperhouse/uax29/v2 v2.7.0 // indirect
	github.com/mattn/go-runewidth v0.0.31 // indirect
	golang.org/x/sys v0.48.0 // indirect
)
