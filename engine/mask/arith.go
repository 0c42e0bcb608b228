package mask

// Group arithmetic on encoded points, for callers that combine public values (and for the
// attack tests of the protocols built on this package: a shifted token T + M_A − M_B).

// AddPoints returns p + q.
func AddPoints(p, q Point) (Point, error) {
	a, err := p.element()
	if err != nil {
		return Point{}, err
	}
	b, err := q.element()
	if err != nil {
		return Point{}, err
	}
	return pointOf(a.Add(a, b)), nil
}

// SubPoints returns p − q.
func SubPoints(p, q Point) (Point, error) {
	a, err := p.element()
	if err != nil {
		return Point{}, err
	}
	b, err := q.element()
	if err != nil {
		return Point{}, err
	}
	return pointOf(a.Subtract(a, b)), nil
}
