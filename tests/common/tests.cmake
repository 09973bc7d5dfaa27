# What every area shares: the bounded pre-scan of untrusted JSON.
railyard_add_test(common jsonbounds)
