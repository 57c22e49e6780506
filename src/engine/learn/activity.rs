//! Activity scores, as CDCL SAT solvers keep them for variables and learned clauses: a bump
//! adds the current increment, which grows at every decay, so that recent bumps weigh more
//! than old ones; every score is scaled down together before one overflows.

/// The scores of some things (the learning engine's items, or its nogoods).
#[derive(Clone, Debug)]
pub(super) struct Activity {
    scores: Vec<f64>,
    /// What the next bump adds.
    increment: f64,
    /// At each decay the increment is divided by this.
    decay: f64,
}

impl Default for Activity {
    /// No scores, and no aging.
    fn default() -> Activity {
        Activity::new(0, 1.0)
    }
}

impl Activity {
    /// `len` scores of zero, the increment growing by `1 / decay` at each decay.
    pub(super) fn new(len: usize, decay: f64) -> Activity {
        Activity {
            scores: vec![0.0; len],
            increment: 1.0,
            decay,
        }
    }

    /// Back to `len` scores of zero and the first increment.
    pub(super) fn reset(&mut self, len: usize) {
        self.scores.clear();
        self.scores.resize(len, 0.0);
        self.increment = 1.0;
    }

    /// The score of `k`.
    #[inline]
    pub(super) fn get(&self, k: usize) -> f64 {
        self.scores[k]
    }

    /// Raises the score of `k`.
    pub(super) fn bump(&mut self, k: usize) {
        let a = &mut self.scores[k];
        *a += self.increment;
        if *a > 1e100 {
            self.scores.iter_mut().for_each(|a| *a *= 1e-100);
            self.increment *= 1e-100;
        }
    }

    /// Ages every score (by raising the next bump).
    pub(super) fn decay(&mut self) {
        self.increment /= self.decay;
    }

    /// A new score, at the current increment (as if just bumped from zero).
    pub(super) fn push(&mut self) {
        self.scores.push(self.increment);
    }

    /// Keeps the scores of the `k` for which `keep(k)`, in order.
    pub(super) fn retain(&mut self, mut keep: impl FnMut(usize) -> bool) {
        let mut k = 0;
        self.scores.retain(|_| {
            k += 1;
            keep(k - 1)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_bumps_weigh_more_and_scaling_keeps_the_order() {
        let mut activity = Activity::new(3, 0.5);
        activity.bump(0);
        activity.decay();
        activity.bump(1);
        assert!(activity.get(1) > activity.get(0));
        // Enough decays to overflow without the scaling.
        for _ in 0..400 {
            activity.decay();
        }
        activity.bump(2);
        assert!(activity.get(2).is_finite() && activity.get(2) > activity.get(1));
        assert!(activity.get(1) > activity.get(0));
        activity.retain(|k| k != 1);
        assert!(activity.get(1) > activity.get(0));
    }
}
