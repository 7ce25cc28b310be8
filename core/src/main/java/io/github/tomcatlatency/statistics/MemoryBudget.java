package io.github.tomcatlatency.statistics;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The heap the request statistics may take, and how much of it they took: each histogram
 * is reserved before it is created, and one that does not fit is not created.
 */
final class MemoryBudget {

	private final long maxBytes;

	private final AtomicLong usedBytes = new AtomicLong();

	/**
	 * Create a budget.
	 * @param maxBytes the most memory that may be reserved
	 * @param fixedBytes the memory taken whatever is recorded, reserved at once
	 */
	MemoryBudget(long maxBytes, long fixedBytes) {
		this.maxBytes = maxBytes;
		this.usedBytes.set(fixedBytes);
	}

	/**
	 * Reserve memory if it fits.
	 * @param bytes the memory to reserve
	 * @return whether it was reserved
	 */
	boolean reserve(long bytes) {
		while (true) {
			long used = this.usedBytes.get();
			if (used + bytes > this.maxBytes) {
				return false;
			}
			if (this.usedBytes.compareAndSet(used, used + bytes)) {
				return true;
			}
		}
	}

	/**
	 * Return memory reserved for what was not created after all.
	 * @param bytes the memory
	 */
	void release(long bytes) {
		this.usedBytes.addAndGet(-bytes);
	}

	long usedBytes() {
		return this.usedBytes.get();
	}

	long maxBytes() {
		return this.maxBytes;
	}

}
