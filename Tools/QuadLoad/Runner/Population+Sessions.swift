import QuadContracts
public import QuadWire

/// A run longer than an access token lives (identity's are 15 minutes) keeps its people signed in as their apps
/// would: each session whose access token is older than a threshold is renewed with `Identity/Refresh` through
/// the person's own device, and their next journeys carry the new token.
extension Population {
    /// What one renewal round did: the sessions renewed, and those refused or unreachable (their old token stays,
    /// and the next round tries again).
    public struct Renewal: Sendable, Equatable {
        public var renewed: Int
        public var failed: Int
    }

    /// Renews every session whose access token was issued `olderThan` ago or earlier (by `now`), at most 8 at a
    /// time, through each person's device (`fallback` for those without one). A session without a refresh token
    /// (from a seed.json written before it was kept) is left as it is.
    public func renewSessions(
        through fallback: any ClientTransport,
        olderThan: Duration,
        now: ContinuousClock.Instant = .now
    ) async -> Renewal {
        let due = sessions.withLock { sessions in
            sessions.compactMap { userID, session -> (String, String)? in
                guard let refresh = session.refreshToken, now - session.issued >= olderThan else { return nil }
                return (userID, refresh)
            }
        }
        var renewal = Renewal(renewed: 0, failed: 0)
        await withTaskGroup(of: Bool.self) { group in
            var pending = due[...]
            func start() {
                guard let (userID, refresh) = pending.popFirst() else { return }
                let transport = device(ofUser: userID) ?? fallback
                group.addTask {
                    do {
                        let answer = try await Quad_Identity_V1_Identity.Client(transport: transport).refresh(
                            .with { $0.refreshToken = refresh },
                            options: CallOptions(timeout: .seconds(10))
                        )
                        self.sessions.withLock {
                            $0[userID]?.accessToken = answer.session.accessToken
                            $0[userID]?.refreshToken = answer.session.refreshToken
                            $0[userID]?.issued = now
                        }
                        return true
                    } catch {
                        return false
                    }
                }
            }
            for _ in 0..<8 { start() }
            for await renewed in group {
                if renewed { renewal.renewed += 1 } else { renewal.failed += 1 }
                start()
            }
        }
        return renewal
    }

    /// Renews sessions older than `olderThan` every `every` until cancelled (the run's end).
    public func keepSignedIn(
        through fallback: any ClientTransport,
        every: Duration = .seconds(30),
        olderThan: Duration = .seconds(600)
    ) async {
        while !Task.isCancelled {
            do { try await Task.sleep(for: every) } catch { return }
            _ = await renewSessions(through: fallback, olderThan: olderThan)
        }
    }
}
