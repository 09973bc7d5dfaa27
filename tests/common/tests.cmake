# What every area shares: the bounded pre-scan of untrusted JSON.
railyard_add_test(common jsonbounds)
# Numbers in messages as users write them, and the strict JSON parse.
railyard_add_test(common messagetext LIBS nlohmann_json::nlohmann_json)
