package eventstore

// CupedCell is one variant and stratum's sums for a goal ("revenue": revenue) over the exposures
// recorded with a window. A goal's post and pre are 0/1, so its squares equal its sums.
type CupedCell struct {
	Variant     string
	Device      string
	VisitorType string
	Count       float64
	Post        float64
	PostSquares float64
	Pre         float64
	PreSquares  float64
	Products    float64
}
