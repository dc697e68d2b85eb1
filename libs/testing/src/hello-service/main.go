// The test microservice: a static HTTP server on SERVER_PORT (default 80) with the endpoints the
// hosting tests call. It is packed into image.tar by libs/testing/src/hello-image.ts.
package main

import (
	"crypto/sha1"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"io"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"
)

func main() {
	// Modes for the hosting tests: "probe" answers an exec probe (exit 0), "crash" dies at once
	// (a crash-looping service), "slow" starts listening after 3 s, "sick" runs but answers /health
	// DOWN with a failing check in its details, as the SDK does.
	sick := false
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case "probe":
			os.Exit(0)
		case "crash":
			fmt.Fprintln(os.Stderr, "crashing on purpose")
			os.Exit(3)
		case "slow":
			time.Sleep(3 * time.Second)
		case "sick":
			sick = true
		}
	}
	port := os.Getenv("SERVER_PORT")
	if port == "" {
		port = "80"
	}
	http.HandleFunc("/health", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if sick {
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprint(w, `{"status":"DOWN","details":{"database":{"status":"DOWN","reason":"connection refused"}}}`)
			return
		}
		fmt.Fprint(w, `{"status":"UP"}`)
	})
	http.HandleFunc("/hello", func(w http.ResponseWriter, r *http.Request) {
		who := r.URL.Query().Get("who")
		if who == "" {
			who = "world"
		}
		fmt.Printf("said hello to %s\n", who)
		// Headers the gateway must keep (its own framing rule) and drop (what runs behind).
		w.Header().Set("X-Frame-Options", "SAMEORIGIN")
		w.Header().Set("X-Powered-By", "hello-service")
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
	http.HandleFunc("/ws", websocketEcho)
	fmt.Printf("hello service listening on :%s\n", port)
	if err := http.ListenAndServe(":"+port, nil); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// websocketEcho answers each text message with "echo: <message>" (RFC 6455, small unfragmented frames only).
func websocketEcho(w http.ResponseWriter, r *http.Request) {
	if !strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
		http.Error(w, "websocket only", http.StatusBadRequest)
		return
	}
	sum := sha1.Sum([]byte(r.Header.Get("Sec-WebSocket-Key") + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"))
	hj, ok := w.(http.Hijacker)
	if !ok {
		return
	}
	conn, rw, err := hj.Hijack()
	if err != nil {
		return
	}
	defer conn.Close()
	rw.WriteString("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: " + base64.StdEncoding.EncodeToString(sum[:]) + "\r\n\r\n")
	rw.Flush()
	for {
		head := make([]byte, 2)
		if _, err := io.ReadFull(rw, head); err != nil {
			return
		}
		op, masked, n := head[0]&0x0f, head[1]&0x80 != 0, int(head[1]&0x7f)
		if n == 126 {
			ext := make([]byte, 2)
			io.ReadFull(rw, ext)
			n = int(binary.BigEndian.Uint16(ext))
		} else if n == 127 {
			return
		}
		var mask [4]byte
		if masked {
			io.ReadFull(rw, mask[:])
		}
		payload := make([]byte, n)
		if _, err := io.ReadFull(rw, payload); err != nil {
			return
		}
		for i := range payload {
			if masked {
				payload[i] ^= mask[i%4]
			}
		}
		if op == 8 {
			rw.Write([]byte{0x88, 0})
			rw.Flush()
			return
		}
		if op != 1 {
			continue
		}
		reply := []byte("echo: " + string(payload))
		if len(reply) < 126 {
			rw.Write([]byte{0x81, byte(len(reply))})
		} else {
			rw.Write([]byte{0x81, 126, byte(len(reply) >> 8), byte(len(reply))})
		}
		rw.Write(reply)
		rw.Flush()
	}
}
