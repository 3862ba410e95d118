package io.sonde.webhooks.internal;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;

import io.netty.resolver.AddressResolver;
import io.netty.resolver.AddressResolverGroup;
import io.netty.resolver.InetNameResolver;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Promise;

/**
 * The HTTP client's only name resolver: it answers the addresses the guard checked, so
 * the connection goes to an address that passed the check and no second DNS lookup (which
 * a rebinding name could answer differently) happens between the check and the connect.
 */
final class GuardedAddressResolverGroup extends AddressResolverGroup<InetSocketAddress> {

	private final DestinationGuard guard;

	GuardedAddressResolverGroup(DestinationGuard guard) {
		this.guard = guard;
	}

	@Override
	protected AddressResolver<InetSocketAddress> newResolver(EventExecutor executor) {
		return new InetNameResolver(executor) {

			@Override
			protected void doResolve(String host, Promise<InetAddress> promise) {
				try {
					promise.setSuccess(GuardedAddressResolverGroup.this.guard.resolve(host).get(0));
				}
				catch (RuntimeException ex) {
					promise.setFailure(ex);
				}
			}

			@Override
			protected void doResolveAll(String host, Promise<List<InetAddress>> promise) {
				try {
					promise.setSuccess(GuardedAddressResolverGroup.this.guard.resolve(host));
				}
				catch (RuntimeException ex) {
					promise.setFailure(ex);
				}
			}

		}.asAddressResolver();
	}

}
