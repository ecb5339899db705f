package safeio

import (
	"os"
	"os/signal"
	"sync"
	"syscall"
)

var temps struct {
	sync.Mutex
	live map[string]struct{}
	once sync.Once
}

// Track records a staged temporary file, to be removed if a signal ends
// the process before Forget.
func Track(name string) {
	temps.Lock()
	if temps.live == nil {
		temps.live = map[string]struct{}{}
	}
	temps.live[name] = struct{}{}
	temps.Unlock()
}

// Forget drops a tracked file (renamed into place or removed).
func Forget(name string) {
	temps.Lock()
	delete(temps.live, name)
	temps.Unlock()
}

// RemoveTracked deletes every tracked temporary file and forgets it.
func RemoveTracked() {
	temps.Lock()
	defer temps.Unlock()
	for name := range temps.live { // order does not matter: each is removed
		os.Remove(name)
	}
	temps.live = nil
}

// Tracked is the number of staged files not yet renamed (for tests).
func Tracked() int {
	temps.Lock()
	defer temps.Unlock()
	return len(temps.live)
}

// CleanOnSignal makes SIGINT and SIGTERM remove the tracked temporary files
// before the process ends with 130 or 143, the shell's codes for them. Call
// it once from main.
func CleanOnSignal() {
	temps.once.Do(func() {
		ch := make(chan os.Signal, 1)
		signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
		go func() {
			s := <-ch
			RemoveTracked()
			if s == syscall.SIGTERM {
				os.Exit(143)
			}
			os.Exit(130)
		}()
	})
}
