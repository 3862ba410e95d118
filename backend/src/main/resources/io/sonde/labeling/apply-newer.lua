-- Algorithm 4, server-side: apply each item only when it is newer than the port's
-- stored one (a higher epoch, or the same epoch and a later label time), refresh the
-- port's aging key with PX k*T, and return the 1-based indexes of the items applied.
-- KEYS[1]: the set of ports; then per item its port hash and its aging key.
-- ARGV per item (5): epoch, label time, the rest of the state packed
-- ("device latency depth S receivedAtMs"), aging (ms), port id. A port's hash holds
-- e (epoch), t (label time) and v (the rest), so the comparison reads two fields.
local applied = {}
local items = (#KEYS - 1) / 2
for i = 0, items - 1 do
  local key = KEYS[2 + 2 * i]
  local a = 5 * i
  local epoch = tonumber(ARGV[a + 1])
  local stored = redis.call('HMGET', key, 'e', 't')
  local newer
  if stored[1] then
    local storedEpoch = tonumber(stored[1])
    newer = epoch > storedEpoch or (epoch == storedEpoch and tonumber(ARGV[a + 2]) > tonumber(stored[2]))
  else
    newer = true
    redis.call('SADD', KEYS[1], ARGV[a + 5])
  end
  if newer then
    redis.call('HSET', key, 'e', ARGV[a + 1], 't', ARGV[a + 2], 'v', ARGV[a + 3])
    redis.call('SET', KEYS[3 + 2 * i], '1', 'PX', ARGV[a + 4])
    applied[#applied + 1] = i + 1
  end
end
return applied
