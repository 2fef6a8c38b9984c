/// Marks observer protocols kept in an ``ActionInfo`` with ``ActionInfo/addObserver(_:key:)``.
public protocol ActionObserver {}
