// Package rituals is the Rituals of Madness rules engine (2–5 players). The rulebook
// (shared/rules/rituals-of-madness.en.md) is the source of truth; shared/specs/rituals-of-madness.md
// supplies the card data the publisher never made public and rulings 1–20 for its gaps.
package rituals
