package io.sonde.e2e.repro.gpint;

public final class PlanPeek {

	public static void main(String[] args) {
		for (int n : new int[] { 20, 60, 100 }) {
			long t = System.nanoTime();
			NetworkPlans plans = NetworkPlans.of(ReproNetwork.topology(n, 7).withP4RuntimePorts(50000), 7);
			for (Method m : Method.values()) {
				if (m != Method.POLLING) {
					var p = plans.plan(m);
					System.out.println(n + " " + m + " k=" + p.k() + " " + p.lengths() + " " + p.coverage()
							+ " overlaps=" + p.overlaps());
				}
			}
			System.out.println((System.nanoTime() - t) / 1e6 + " ms");
		}
	}

}
