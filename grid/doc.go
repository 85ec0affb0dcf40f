// Package grid prints rows of text as a table through tablewriter (v1 API)
// with the settings every printout of schnell shares: plain ASCII borders,
// headers kept as written, and no East-Asian width guessing, so that golden
// files stay stable.
package grid
