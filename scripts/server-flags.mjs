// Node flags of the production server, shared by `npm start`, the load script and the bench, so both measure what runs.
// A 32 MB young generation (Node's default is 16 MB): reading a big investor list record by record makes much
// short-lived garbage, and with the default the collector kept copying the records still in use and promoting
// them. A 50,000-row CSV export, first after a start: 16 MB 4.7–4.8 s, +150 MB RSS; 32 MB 2.8–3.7 s, +90 MB;
// 64 MB 3.0–4.0 s, +160 MB (the bigger young generation is itself resident memory).
// `--expose-gc`: lib/server/heap.ts compacts the heap once an organization read is indexed (100,000 positions: the
// server's RSS at the directory complete 806–842 MB before, 531 MB with it; a 358 ms pause, once per read).
export const serverNodeFlags = ["--max-semi-space-size=32", "--expose-gc"];
