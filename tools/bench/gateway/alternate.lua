-- wrk script of the gateway benchmark's alternating load (alternation.js): the arguments after
-- `--` are triples of kind, path and Authorization (`-` for none). Each request is of the kind the
-- upstream named in its last answer (`x-bench-next`), marked with `x-bench-kind` so the upstream
-- counts it; until the first answer, of the first kind.
local requests = {}
local kind

function init(args)
  for i = 1, #args, 3 do
    local headers = { ["x-bench-kind"] = args[i] }
    if args[i + 2] ~= "-" then headers["authorization"] = args[i + 2] end
    requests[args[i]] = wrk.format("GET", args[i + 1], headers)
    kind = kind or args[i]
  end
end

function request()
  return requests[kind]
end

function response(status, headers, body)
  kind = headers["x-bench-next"] or kind
end
