package docs

import (
	"openbank/handlers/page"
)

// Demo is the demo's fixed credentials, shown on /docs when the server was
// started with --demo.
type Demo struct {
	ClientID     string
	ClientSecret string
	Username     string
	Password     string
}

// Handler serves the documentation pages.
type Handler struct {
	pages     page.Renderer
	publicURL string
	demo      *Demo
	ui        *assets
	sdk       libraries
}

// New builds the documentation handler; demo is nil unless the demo data
// was seeded.
func New(pages page.Renderer, publicURL string, demo *Demo) *Handler {
	return &Handler{pages: pages, publicURL: publicURL, demo: demo, ui: newAssets(), sdk: libraries{files: sdkFiles}}
}
