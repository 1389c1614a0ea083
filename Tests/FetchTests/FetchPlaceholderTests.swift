import Testing
@testable import Fetch
