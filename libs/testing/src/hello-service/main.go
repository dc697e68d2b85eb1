// The test microservice: a static HTTP server on SERVER_PORT (default 80) with the endpoints the
// hosting tests call. It is packed into image.tar by libs/testing/src/hello-image.ts.
package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"
)

func main() {
	// Modes for the hosting tests: "probe" answers an exec probe (exit 0), "crash" dies at once
	// (a crash-looping service), "slow" starts listening after 3 s.
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case "probe":
			os.Exit(0)
		case "crash":
			fmt.Fprintln(os.Stderr, "crashing on purpose")
			os.Exit(3)
		case "slow":
			time.Sleep(3 * time.Second)
		}
	}
	port := os.Getenv("SERVER_PORT")
	if port == "" {
		port = "80"
	}
	http.HandleFunc("/health", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"status":"UP"}`)
	})
	http.HandleFunc("/hello", func(w http.ResponseWriter, r *http.Request) {
		who := r.URL.Query().Get("who")
		if who == "" {
			who = "world"
		}
		fmt.Printf("said hello to %s\n", who)
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprintf(w, "hello %s!", who)
	})
	// What the request looked like and which platform variables the container got (passwords left out).
	http.HandleFunc("/echo/", func(w http.ResponseWriter, r *http.Request) {
		env := map[string]string{}
		for _, kv := range os.Environ() {
			parts := strings.SplitN(kv, "=", 2)
			if !strings.Contains(parts[0], "PASSWORD") && (strings.HasPrefix(parts[0], "C8Y_") || strings.HasPrefix(parts[0], "APPLICATION_") || parts[0] == "SERVER_PORT" || parts[0] == "MEMORY_LIMIT") {
				env[parts[0]] = parts[1]
			}
		}
		headers := map[string]string{}
		for name, values := range r.Header {
			headers[strings.ToLower(name)] = strings.Join(values, ", ")
		}
		w.Header().Set("Content-Type", "application/json")
		hostname, _ := os.Hostname()
		json.NewEncoder(w).Encode(map[string]interface{}{"path": r.URL.RequestURI(), "headers": headers, "env": env, "hostname": hostname})
	})
	fmt.Printf("hello service listening on :%s\n", port)
	if err := http.ListenAndServe(":"+port, nil); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
