-- A wrk script that ends with one machine-readable line, for limot's load
-- tests (Tests/ProxyTests/Integration/LoadTests.swift) or anyone who wants
-- wrk's figures without parsing its text:
--
--   WRK-REPORT {"requests": N, "duration_us": N, "bytes": N,
--               "connect_errors": N, "read_errors": N, "write_errors": N,
--               "timeouts": N, "non2xx": N, "statuses": {"502": N, ...},
--               "p50_us": N, "p90_us": N, "p99_us": N, "max_us": N}
--
-- "non2xx" counts every answer outside 200-299 (wrk's own "status" error
-- counts only those above 399); "statuses" tells them apart. Counting them
-- makes wrk call Lua with every answer's headers, which is why
-- Benchmarks/proxy_compare.py, which also measures nginx flat out, keeps
-- wrk's plain run and reads its text instead.
--
-- Arguments, after wrk's `--`, all optional and in any order:
--   path=/x?y         request this path (or absolute URL) instead of the URL's
--   "Name: value"     an extra request header
--
-- Usage: wrk -t2 -c64 -d30s --latency -s wrk_report.lua URL -- "Cookie: a=b"

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  non2xx = 0
  statuses = {}
  for _, arg in ipairs(args) do
    local key, value = arg:match("^(%a+)=(.*)$")
    local name, header = arg:match("^([%w-]+):%s*(.*)$")
    if key == "path" then
      wrk.path = value
    elseif name then
      wrk.headers[name] = header
    else
      error("wrk_report.lua: unknown argument " .. arg)
    end
  end
end

function response(status, headers, body)
  if status < 200 or status > 299 then
    non2xx = non2xx + 1
    local key = tostring(status)
    statuses[key] = (statuses[key] or 0) + 1
  end
end

function done(summary, latency, requests)
  local non2xxTotal = 0
  local byStatus = {}
  for _, thread in ipairs(threads) do
    non2xxTotal = non2xxTotal + thread:get("non2xx")
    for key, count in pairs(thread:get("statuses")) do
      byStatus[key] = (byStatus[key] or 0) + count
    end
  end
  local parts = {}
  for key, count in pairs(byStatus) do
    table.insert(parts, string.format('"%s": %d', key, count))
  end
  local errors = summary.errors
  io.write(string.format(
    'WRK-REPORT {"requests": %d, "duration_us": %d, "bytes": %d, ' ..
    '"connect_errors": %d, "read_errors": %d, "write_errors": %d, "timeouts": %d, ' ..
    '"non2xx": %d, "statuses": {%s}, ' ..
    '"p50_us": %d, "p90_us": %d, "p99_us": %d, "max_us": %d}\n',
    summary.requests, summary.duration, summary.bytes,
    errors.connect, errors.read, errors.write, errors.timeout,
    non2xxTotal, table.concat(parts, ", "),
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
