// Package views holds the templ components of every HTML page. Components
// take typed view models built by handlers and never query anything.
package views
