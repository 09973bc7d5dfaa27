#pragma once

// What routing costs a training job, against every published figure on it
// (tests/data/routing-validation/rows.json, docs/routing-validation.md):
// ECMP hashing against planned paths, adaptive routing, packet spraying and
// more queue pairs; static routing's effective bisection; random against
// topology rank order; a failed link. Each row names its source, quotes it,
// states the source's caveats and the setup Railyard rebuilds, and gives the
// bound Railyard's figure must land in; rows that cannot be rebuilt say why
// and are not counted.
//
// Experiments (a row's "experiment" object; docs/routing-validation.md
// lists the fields):
//  * "job": a job placed on a generated design (or a fabric file), priced
//    twice, sides "a" and "b", each with its own routing (mode, queue pairs
//    per connection, rank order, a failed or slowed host link); the figure
//    is the ratio a / b of the step communication time or of the whole
//    step, or that ratio − 1 ("gain").
//  * "effective_bisection": random bisections under the design's static
//    tables as Railyard computes them (OpenSM's ftree, StaticRoutes), the
//    delivered share of the bisection (Hoefler's measure).
//  * "shift_order": the all-to-all shift sequence under those tables with
//    the HCAs in topology or random order (Zahavi's measure).
//
// The null model: every experiment again with fluid routing in place of
// the routing the row is about (the same placement, the same failures, the
// same patterns). A row whose null also lands in its bound cannot tell the
// model from nothing; the table says which.

#include <cmath>
#include <string>
#include <vector>

namespace Railyard {

struct RoutingValidationRow
{
    std::string id, claim;
    std::string source;   ///< citation: authors, title, venue
    std::string location; ///< where in the source (section, figure)
    std::string url;      ///< where it was read
    std::string quote, caveat;
    std::string published;      ///< the figure as the source states it
    double publishedValue = NAN; ///< the same in the row's unit, for the error
    std::string unit;           ///< "ratio", "gain", "share"
    std::string setup;          ///< what Railyard rebuilds, in words
    std::string notCounted;     ///< why the row is not rebuilt ("" when counted)
    /// A counted row Railyard is known to miss, and why: the figure must stay
    /// outside the bound (a change that brings it in updates the table).
    std::string knownMiss;
    double low = 0, high = 0;   ///< the bound on Railyard's figure
    double figure = NAN;        ///< Railyard's figure
    double error = NAN;         ///< figure − publishedValue (in the unit)
    bool inBounds = false;
    std::string detail;  ///< how the figure was made: the two sides' times, the design's size
    std::string problem; ///< why the experiment failed to run

    bool counted() const { return notCounted.empty(); }
};

struct RoutingValidation
{
    bool fluidNull = false;
    std::vector<RoutingValidationRow> rows;
    int counted = 0, inBounds = 0;
    int knownMisses = 0; ///< counted rows with a known miss
    /// Rows that behave as the table says: in their bound, or out of it with
    /// a known miss.
    int asExpected = 0;
};

/// Runs every counted row of a rows document (UTF-8 JSON); `fileName` labels
/// errors and `baseDir` resolves the fabric and job files rows name.
/// `fluidNull`: each experiment with fluid routing in place of the routing it
/// is about. Throws std::runtime_error for a document it cannot read, naming
/// the row and the field; an experiment that fails to run is a row out of
/// bounds with its problem.
RoutingValidation validateRouting(const std::string &rowsJson, const std::string &fileName,
                                  const std::string &baseDir, bool fluidNull = false);

/// The table of docs/routing-validation.md (both runs: the model's and the
/// null's figures side by side).
std::string routingValidationToMarkdown(const RoutingValidation &model, const RoutingValidation *null = nullptr);
std::string routingValidationToText(const RoutingValidation &v);
std::string routingValidationToJson(const RoutingValidation &v, int indent = 2);

} // namespace Railyard
