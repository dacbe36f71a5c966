-- agreement.lua -- what bench/agreement runs in both Lua builds.
--
-- Reaches much of the interpreter and its libraries in well under a second:
-- the parser on good and bad chunks, errors raised and caught (Lua's
-- longjmp), coroutines, metamethods, to-be-closed variables, the string,
-- table, math, utf8, io and os libraries.  Every path it takes depends only
-- on its input, never on addresses or the clock, so the two builds execute
-- the same code the same number of times; no table or function is used as
-- a table key (its hash is its address).  Prints a checksum.

local sum = 0
local function add(x)
	sum = (sum * 31 + x) % 1000000007
end

-- calls, recursion, varargs, integer and float arithmetic
local function fib(n)
	if n < 2 then
		return n
	end
	return fib(n - 1) + fib(n - 2)
end
add(fib(20))
local function va(...)
	local n = select("#", ...)
	return n, ...
end
add((va(1, nil, 3)))
for i = 1, 200 do
	add(i // 7 + i % 5 + math.floor(i / 3.0) + (i << 2) + (i >> 1) + (i ~ 5))
	add(math.tointeger(2.0 ^ (i % 20)) or 0)
end

-- tables: arrays, hash parts, rehash, length, next, move, sort, concat
local t = {}
for i = 1, 3000 do
	t[i] = (i * 7919) % 1009
	t["k" .. i % 211] = i
end
for i = 1, 1000 do
	t[i * 2] = nil
end
for k, v in pairs(t) do
	if type(k) == "string" then
		add(v)
	end
end
local arr = {}
for i = 1, 500 do
	arr[i] = (i * 104729) % 613
end
table.sort(arr)
table.sort(arr, function(a, b) return a > b end)
add(arr[1] + arr[500] + #table.concat(arr, ",", 1, 50))
table.insert(arr, 1, 0)
table.remove(arr, 3)
add(#table.move(arr, 1, 10, 5, {}))
add(select(2, table.unpack({1, 2, 3})))

-- strings: format, patterns, gsub with table and function, pack, rep
local parts = {}
for i = 1, 300 do
	parts[#parts + 1] = string.format("%5d|%-4s|%x|%.3f|%q", i, "ab",
		i * 13, i / 7, "q\n" .. i)
end
local s = table.concat(parts, ";")
for a, b in s:gmatch("(%d+)|(%a+)") do
	add(#a + #b)
end
add(#s:gsub("%d+", function(d) return d * 2 end))
add(#s:gsub("(ab)", {ab = "xyz"}))
add(#s:upper():lower():reverse():sub(3, -3))
add(s:find("|ab  |", 1, true) + (s:find("%.%d%d%d") or 0))
local packed = string.pack("<i4 d s2 z", 42, 1.5, "hi", "zero")
local i4, d = string.unpack("<i4 d", packed)
add(i4 + math.floor(d) + #packed + #string.rep("ab", 10, "-"))
add(#tostring(1e300 * 1e10) + #tostring(-0.0) + #tostring(2^63) + #("%g"):format(0.1))
add(tonumber("0x1F") + tonumber("  12  ") + (tonumber("z", 36) or 0) +
	(tonumber("bad") or 1))
add(string.byte("A") + #string.char(72, 105) + utf8.len("héllo") +
	utf8.codepoint("é") + #utf8.char(233, 8364))
for _, c in utf8.codes("añb€") do
	add(c)
end

-- errors: error/pcall/xpcall, errors with tables, runtime errors
for i = 1, 50 do
	local ok, e = pcall(function()
		if i % 3 == 0 then
			error("boom " .. i)
		elseif i % 3 == 1 then
			error({code = i})
		end
		return nil + i
	end)
	add(ok and 1 or (type(e) == "table" and e.code or #tostring(e)))
end
add(#select(2, xpcall(function() local x = {} return x.a.b end,
	function(m) return "handled: " .. m end)))
add(select("#", pcall(error)))

-- the compiler: good chunks, syntax errors, load with an environment
for _, src in ipairs({
	"return 1 + 2 * 3",
	"local a <const> = 5; return a",
	"local t = {} for i = 1, 10 do t[#t+1] = i end return #t",
	"goto skip; local x = 1 ::skip:: return 7",
	"return function(...) return select('#', ...) end",
	"x = = 1",
	"return 'unfinished",
	"for i = 1 do end",
	"local a <close> = nil return 1",
}) do
	local f, err = load(src, "chunk", "t", {select = select})
	add(f and (type(f()) == "number" and 1 or 2) or #err)
end
local dumped = string.dump(function(x) return x * 2 end)
add(load(dumped, "d", "b")(21))

-- coroutines: wrap, resume/yield, errors inside, status, close
local gen = coroutine.wrap(function()
	for i = 1, 100 do
		coroutine.yield(i)
	end
end)
for _ = 1, 100 do
	add(gen())
end
local co = coroutine.create(function(a)
	local b = coroutine.yield(a + 1)
	error("in coroutine " .. b)
end)
add(select(2, coroutine.resume(co, 1)))
add(#select(2, coroutine.resume(co, 2)))
add(#coroutine.status(co))
local co2 = coroutine.create(function() coroutine.yield() end)
coroutine.resume(co2)
add(coroutine.close(co2) and 1 or 0)

-- metatables: arithmetic, comparison, index, newindex, call, tostring,
-- len, concat; to-be-closed variables; weak tables and the collector
local V = {}
V.__index = V
V.__add = function(a, b) return setmetatable({x = a.x + b.x}, V) end
V.__eq = function(a, b) return a.x == b.x end
V.__lt = function(a, b) return a.x < b.x end
V.__le = function(a, b) return a.x <= b.x end
V.__len = function(a) return a.x end
V.__call = function(a, y) return a.x * y end
V.__concat = function(a, b) return tostring(a) .. tostring(b) end
V.__tostring = function(a) return "V(" .. a.x .. ")" end
local v = setmetatable({x = 1}, V)
for i = 1, 100 do
	v = v + setmetatable({x = i}, V)
end
add(#v + v(2) + (v == v and 1 or 0) + (v < v + v and 1 or 0) + #(v .. "!"))
local log = setmetatable({}, {__newindex = function(tb, k, val)
	rawset(tb, k, val * 2)
end, __index = function(_, k) return #k end})
log.a = 5
add(log.a + log.missing)
do
	local closed = 0
	do
		local _ <close> = setmetatable({}, {__close = function() closed = closed + 1 end})
	end
	add(closed)
end
local weak = setmetatable({}, {__mode = "v"})
for i = 1, 200 do
	weak[i] = {i}
end
collectgarbage()
collectgarbage("step", 10)
add(collectgarbage("isrunning") and 1 or 0)

-- io and os: a temporary file written, read back by lines and numbers
local name = "agreement.tmp"  -- not os.tmpname(): its random name is hashed
local f = assert(io.open(name, "w"))
for i = 1, 100 do
	f:write(i, " ", i * 1.5, "\n")
end
f:close()
for line in io.lines(name) do
	add(#line)
end
f = assert(io.open(name, "r"))
add(f:read("n") + f:read("n"))
f:seek("set", 0)
add(#f:read("a"))
f:close()
add(select(2, io.open("/nonexistent/file")) and 1 or 0)
os.remove(name)
add(#os.date("!%Y-%m-%d", 0) + (os.getenv("ARCOV_NO_SUCH_VAR") and 1 or 0))
add(os.time({year = 2000, month = 1, day = 1, hour = 12}) % 1000)

print("agreement checksum", sum)
