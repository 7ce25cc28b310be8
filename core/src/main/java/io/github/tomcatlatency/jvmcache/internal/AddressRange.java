package io.github.tomcatlatency.jvmcache.internal;

/**
 * A range of the JVM process's virtual addresses.
 *
 * @param start the first address
 * @param end the address after the last
 */
record AddressRange(long start, long end) {

	/**
	 * Return whether this range holds all of another one.
	 * @param other the other range
	 * @return whether it lies within this one
	 */
	boolean contains(AddressRange other) {
		return Long.compareUnsigned(other.start, this.start) >= 0 && Long.compareUnsigned(other.end, this.end) <= 0
				&& Long.compareUnsigned(other.start, other.end) < 0;
	}

}
