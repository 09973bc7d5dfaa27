// Test tool: makes a self-approved reviewed intent, which Railyard's own
// tools refuse to write (IntentReview::decide rejects the author's key), so
// that the service's refusal of one can be tested end to end.
//
//   railyard-forge-intent SUBMITTED KEY NAME OUT
//
// Signs the reviewer's part of SUBMITTED with KEY (the author's own key)
// under the signer name NAME and writes the approved file to OUT.

#include "core/intents/ed25519key.h"
#include "core/intents/intentreview.h"

#include <QCoreApplication>
#include <QFile>

#include <cstdio>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc != 5) {
        std::fprintf(stderr, "usage: railyard-forge-intent SUBMITTED KEY NAME OUT\n");
        return 2;
    }
    using namespace Railyard;
    QFile in(QString::fromLocal8Bit(argv[1]));
    if (!in.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "%s: %s\n", argv[1], qPrintable(in.errorString()));
        return 1;
    }
    const QByteArray bytes = in.readAll();
    ReviewedReadResult read
        = IntentReview::read(std::string_view(bytes.constData(), size_t(bytes.size())), in.fileName());
    QString error;
    std::optional<Ed25519Key> key = Ed25519Key::readPrivateKeyFile(QString::fromLocal8Bit(argv[2]), &error);
    if (!read.ok() || !key) {
        std::fprintf(stderr, "cannot read the submitted file or the key: %s\n", qPrintable(error));
        return 1;
    }
    ReviewedIntent reviewed = *read.reviewed;
    reviewed.state = ReviewState::Approved;
    reviewed.comment = "approved by the author";
    IntentSignature signature;
    signature.signer = argv[3];
    signature.publicKey = key->rawPublicKey();
    signature.signedUtc = IntentReview::nowUtc();
    reviewed.reviewer = signature;
    reviewed.reviewer->signature = key->sign(IntentReview::reviewerMessage(reviewed));
    QFile out(QString::fromLocal8Bit(argv[4]));
    if (!out.open(QIODevice::WriteOnly)) {
        std::fprintf(stderr, "%s: %s\n", argv[4], qPrintable(out.errorString()));
        return 1;
    }
    out.write(QByteArray::fromStdString(IntentReview::write(reviewed)));
    return 0;
}
