import Testing
@testable import Sanitize
