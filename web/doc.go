// Package web assembles the server: configuration, the Gin engine and its
// middleware, the route table, the embedded development database and the
// graceful shutdown.
package web
