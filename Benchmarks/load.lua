-- Load for `spindle serve` (docs/server.md): wrk walks pages of 50 by their `next` links,
-- starting again at the first page at the end, one walk in three a search.
--
--   TOKEN=… wrk -t 4 -c 64 -d 10s --latency -s Benchmarks/load.lua http://127.0.0.1:8700
--
-- (SEARCHES=0 TOKEN=… wrk … walks the whole list only.)
-- Prints requests/s, p50 and p99 latency and errors (non-2xx answers, broken connections).

local token = os.getenv("TOKEN") or error("set TOKEN to the server's token")
local starts = {
  "/v1/titles?limit=50",
  "/v1/titles?limit=50",
  "/v1/titles?limit=50&q=amelie",
  "/v1/titles?limit=50",
  "/v1/titles?limit=50&q=archive",
  "/v1/titles?limit=50",
}
-- SEARCHES=0 walks the whole list only.
if os.getenv("SEARCHES") == "0" then starts = { "/v1/titles?limit=50" } end
local walk = 0
local path = nil

function init(args)
  walk = math.random(#starts)
  path = starts[walk]
end

function request()
  return wrk.format("GET", path, { ["Authorization"] = "Bearer " .. token })
end

function response(status, headers, body)
  if status ~= 200 then
    path = starts[1]
    return
  end
  -- The server's links are paths ("/v1/titles?…&after=…"); an address before one is skipped.
  local next = body:match('"next":"[^"/]*/?/?[^/"]*(/v1/titles[^"]*)"')
  if next then
    path = next
  else
    walk = walk % #starts + 1
    path = starts[walk]
  end
end

function done(summary, latency, requests)
  local seconds = summary.duration / 1e6
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write
    + summary.errors.timeout + summary.errors.status
  io.write(string.format("requests: %d in %.1f s\n", summary.requests, seconds))
  io.write(string.format("requests/s: %.0f\n", summary.requests / seconds))
  io.write(string.format("latency p50: %.2f ms, p99: %.2f ms, max: %.2f ms\n",
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
  io.write(string.format("errors: %d (non-2xx %d, connect %d, read %d, write %d, timeout %d)\n", errors,
    summary.errors.status, summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout))
end
