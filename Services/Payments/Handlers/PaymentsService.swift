// Placeholder until the payments service lands (issue 4).
