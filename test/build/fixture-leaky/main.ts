// A widget that talks to an origin its config does not declare: the build must refuse it.
void fetch("https://api.undeclared.example/v1/track", { method: "POST" });
