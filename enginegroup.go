package main

// A run's engines, as a group: what they share over the run.

// engineGroup is a run's engines: the directory of their logs, the
// processes running, which the run ends as it ends, and the memory each
// process may have.
type engineGroup struct {
	logs  engineLogDir
	procs engineProcs
	// memory is each process's limit of memory in bytes (engineMemory
	// unless -engine-memory says otherwise); 0, none.
	memory int64
}

// close ends what is left of the run's engines, as the run ends however
// it ends, and tidies their logs.
func (g *engineGroup) close() {
	g.procs.killAll()
	g.logs.tidy()
}
