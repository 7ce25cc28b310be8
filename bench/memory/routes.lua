-- wrk script for bench/memory.sh: each thread's connections request the same route a few
-- requests in a row (so that two Tomcat threads record it at once), cycling through every
-- GET route and, on the first half, POST.
local routes = tonumber(os.getenv("ROUTES") or "100")
local counter = 0
request = function()
	local step = math.floor(counter / 8)
	counter = counter + 1
	local n = step % (routes + math.floor(routes / 2))
	if n < routes then
		return wrk.format("GET", "/route" .. n)
	end
	return wrk.format("POST", "/route" .. (n - routes))
end
