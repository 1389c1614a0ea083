import Fetch
import Foundation
import Vocabulary
import WebURL

extension LookupService {
    /// Offline: the notebook's result for the word (or its umlaut
    /// spelling), else the result page the cache keeps (read through the
    /// proxy, prefetched, or fetched by an earlier lookup), extracted again.
    func storedAnswer(query: String, normalized: String, direction: LookupDirection) -> Result<Answer, LookupFailure> {
        guard let notebook = notebook else {
            return .failure(LookupFailure(.noStore, "offline, and limot's store cannot be opened: there is nothing to answer from"))
        }
        let reason = "limot is offline (--offline)"
        do {
            let spelled = direction == .germanToPersian ? Self.withUmlauts(normalized) : nil
            guard let stored = try notebook.storedResult(normalizedQuery: normalized, direction: direction)
                ?? spelled.flatMap({ try notebook.storedResult(normalizedQuery: $0, direction: direction) })
                ?? cachedAnswer(normalized: normalized, direction: direction)
                ?? spelled.flatMap({ cachedAnswer(normalized: $0, direction: direction) })
            else {
                return .failure(LookupFailure(.notStored, "“\(query)” (\(direction.rawValue)) is neither in the notebook nor in the cache; look it up once online (or `limot prefetch` it) to have it offline"))
            }
            var result = stored.result
            result.query = query
            return .success(Answer(result: result, fetchedAt: stored.fetchedAt, copyReason: reason))
        } catch {
            return .failure(LookupFailure(.noStore, "the notebook cannot be read: \(error)"))
        }
    }

    /// The result page for the word as the cache keeps it, its entries extracted again.
    private func cachedAnswer(normalized: String, direction: LookupDirection) -> (result: LookupResult, fetchedAt: Date)? {
        guard let notebook = notebook, let url = search.url(for: normalized, direction: direction) else { return nil }
        // A cache that cannot be read has nothing to give; the notebook was asked first.
        let copies = (try? notebook.storedResponses(for: url.removingFragment.serialization)) ?? []
        guard let copy = copies.first(where: { CachePolicy.matches($0, requestHeaders: Self.requestHeaders) }) ?? copies.first,
              (200..<300).contains(copy.status) || copy.status == 404,
              let result = try? read(body: copy.body, headers: copy.headers, from: copy.finalURL, query: normalized, direction: direction),
              !result.entries.isEmpty
        else { return nil }
        return (result, copy.responseTime)
    }
}
