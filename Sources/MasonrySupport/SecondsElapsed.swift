// `ContinuousClock.Instant.secondsElapsed`: the seconds since an instant, as progress lines and summaries report them.

extension ContinuousClock.Instant {
    /// Seconds from this instant to now, as a `Double`. O(1): one clock read.
    package var secondsElapsed: Double {
        let (seconds, attoseconds) = (ContinuousClock.now - self).components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
