-- workload.lua -- what bench/overhead runs in every Lua build.
--
-- A mix of what interpreters spend their time on: calls and recursion,
-- table inserts and lookups, string building and pattern matching,
-- sorting with a Lua comparison function, closures and coroutines.  Sized
-- to run in about a tenth of a second natively, so that a run under
-- cachegrind takes seconds.  Prints a checksum so a broken build shows.

local function fib(n)
	if n < 2 then
		return n
	end
	return fib(n - 1) + fib(n - 2)
end

local function tables(n)
	local t, sum = {}, 0
	for i = 1, n do
		t[i] = i * 3 % 17
		t["k" .. (i % 97)] = i
	end
	for k, v in pairs(t) do
		if type(k) == "number" then
			sum = sum + v
		end
	end
	return sum
end

local function strings(n)
	local parts = {}
	for i = 1, n do
		parts[#parts + 1] = string.format("%d:%x", i, i * 7)
	end
	local s, count = table.concat(parts, ","), 0
	for a, b in s:gmatch("(%d+):(%x+)") do
		if #a == #b then
			count = count + 1
		end
	end
	return count + #s:upper():gsub("A", "b")
end

local function sorting(n)
	local t, seed = {}, 42
	for i = 1, n do
		seed = (seed * 1103515245 + 12345) % 2147483648
		t[i] = seed
	end
	table.sort(t, function(a, b) return a > b end)
	return t[1] % 1000 + t[n] % 1000
end

local function closures(n)
	local acc = 0
	local function counter()
		local c = 0
		return function(d) c = c + d; return c end
	end
	for i = 1, n do
		local f = counter()
		acc = acc + f(i) + f(1)
	end
	local co = coroutine.wrap(function()
		for i = 1, n do
			coroutine.yield(i)
		end
	end)
	for _ = 1, n do
		acc = acc + co()
	end
	return acc
end

local total = fib(22) + tables(20000) + strings(5000) + sorting(5000) +
	closures(5000)
print(total)
